/**
 * Chat benchmark: `npx tsx bench/chat.ts`.
 *
 * Servers and clients run in separate processes (child_process.fork), over PostgreSQL and Redis:
 *   1. raw INSERT loop into `messages` (one connection, sequential) — the storage ceiling;
 *   2. a bare `ws` relay (parse, echo, forward; no storage) — the transport ceiling;
 *   3. Steep on one instance, 200 connected users in 100 pairs;
 *   4. Steep on two instances through Redis, every pair split across them (and, for comparison,
 *      the same two instances with each pair on one of them);
 * each with a steady phase (latency send → stored → delivered, p50/p99) and a max phase (messages/s,
 * every user keeping one message in flight at up to the per-socket frame limit); then
 *   then, with the relay and one Steep instance both up, their CPU per message in alternating steady
 *   phases (`compareCpu`);
 *   5. memory per idle connection at BENCH_IDLE_CONNECTIONS sockets, Steep vs the bare relay.
 *
 * `run()` (for `npm run bench`) returns the chat targets (docs/performance.md) as rows: server CPU per message against
 * the bare relay's, p99 at 400 msg/s with 200 users, and what a second instance through Redis adds.
 *
 * Env: BENCH_DATABASE_URL (default TEST_DATABASE_URL or local postgres; a fresh database is created
 * and dropped), BENCH_REDIS_URL (default TEST_REDIS_URL or local), BENCH_SECONDS (per phase, 5),
 * BENCH_WARMUP_SECONDS (each server's warm-up at the steady rate before it is measured, 15),
 * BENCH_CPU_ROUNDS (alternating rounds of the CPU comparison, 5), BENCH_IDLE_CONNECTIONS (5000), BENCH_RATE (messages per user per second in the steady phase, 2),
 * BENCH_PHASES (comma-separated subset of chat,memory; both when run standalone, chat alone from
 * `run()`), BENCH_CPU_PROF (a directory: each Steep server writes a V8 CPU profile of its steady and
 * max phases there, e.g. one-instance-0.cpuprofile), BENCH_TRACE (print where each steady-phase message
 * waited, segment by segment: bench/chat-trace.ts), BENCH_CHAT_DB (the name of the fresh database, dropped
 * first and after; default steep_bench_<pid>_<random>).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { locationCoordinates } from '../src/contract/locations';
import { openPostgres, type Database } from '../src/server/db/client';
import { createSession, SESSION_COOKIE } from '../src/server/core';
import { createMatch } from '../src/server/test/matches';
import { insertUser } from '../src/server/core';
import { databaseUrl } from '../src/server/test/postgres';
import type { ClientReply, ClientRequest, PairSpec, RunResult, SocketSpec } from './chat-client';
import type { ServerReply, ServerRequest } from './chat-server';
import type { MessageStamps, TraceDump } from './chat-trace';
import { atLeast, atMost, context, type BenchRow } from './report';

const BASE_DB_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Each server's warm-up at the steady rate before its phases are measured (BENCH_WARMUP_SECONDS). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 15);
const IDLE_CONNECTIONS = Number(process.env.BENCH_IDLE_CONNECTIONS ?? 5000);
/** Sockets opened before the idle-memory baseline is read (see `idleMemory`). */
const WARM_CONNECTIONS = 100;
const STEADY_RATE = Number(process.env.BENCH_RATE ?? 2);
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
const CHAT_USERS = 200;
const TRACING = Boolean(process.env.BENCH_TRACE);

const TARGETS = { cpuVsBare: 1.5, p99Ms: 25, throughputVsInsert: 0.5, crossInstanceP99AddedMs: 5, memoryVsBare: 2 };

const HERE = import.meta.dirname;
const children = new Set<ChildProcess>();

function spawnChild(file: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = fork(path.join(HERE, file), args, {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function ask<R extends { type: string }, T extends R['type']>(
  child: ChildProcess,
  request: unknown,
  type: T,
): Promise<Extract<R, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: R) => {
      if (reply.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply as Extract<R, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) while waiting for ${type}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (request !== undefined) child.send(request as object);
  });
}

async function startServer(role: 'steep' | 'bare', env: Record<string, string> = {}) {
  const child = spawnChild('chat-server.ts', [role], env);
  const { port } = await ask<ServerReply, 'ready'>(child, undefined, 'ready');
  return {
    url: role === 'bare' ? `ws://127.0.0.1:${port}/` : `ws://127.0.0.1:${port}/ws`,
    memory: () => ask<ServerReply, 'memory'>(child, { cmd: 'memory' } satisfies ServerRequest, 'memory'),
    cpuMs: async () => (await ask<ServerReply, 'cpu'>(child, { cmd: 'cpu' } satisfies ServerRequest, 'cpu')).ms,
    profileStart: () =>
      ask<ServerReply, 'profiling'>(child, { cmd: 'profile-start' } satisfies ServerRequest, 'profiling'),
    trace: async () => (await ask<ServerReply, 'trace'>(child, { cmd: 'trace' } satisfies ServerRequest, 'trace')).dump,
    profileStop: (file: string) =>
      ask<ServerReply, 'profiled'>(child, { cmd: 'profile-stop', file } satisfies ServerRequest, 'profiled'),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ cmd: 'stop' } satisfies ServerRequest);
      await exited;
    },
  };
}

function startClients() {
  const child = spawnChild('chat-client.ts', []);
  return {
    open: (sockets: SocketSpec[]) =>
      ask<ClientReply, 'opened'>(child, { cmd: 'open', sockets } satisfies ClientRequest, 'opened'),
    run: (pairs: PairSpec[], mode: 'steady' | 'max', seconds: number) =>
      ask<ClientReply, 'ran'>(
        child,
        { cmd: 'run', pairs, mode, seconds, perUserPerSecond: STEADY_RATE } satisfies ClientRequest,
        'ran',
      ),
    closeAll: () => ask<ClientReply, 'closed'>(child, { cmd: 'close' } satisfies ClientRequest, 'closed'),
    stop: () => child.kill(),
  };
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i] as T, i);
      }
    }),
  );
  return results;
}

interface BenchUser {
  id: string;
  cookie: string;
}

async function seed(database: Database, count: number): Promise<{ users: BenchUser[]; matchIds: string[] }> {
  const coordinates = locationCoordinates('Portland, Oregon');
  if (!coordinates) throw new Error('unknown location');
  const tag = randomBytes(3).toString('hex');
  const users = await mapLimit(Array.from({ length: count }), 8, async (_, i) => {
    const row = await insertUser(database.db, {
      username: `bench_${tag}_${i}`,
      passwordHash: 'not-a-real-hash',
      name: `Bench ${i}`,
      age: 30,
      location: 'Portland, Oregon',
      latitude: coordinates.lat,
      longitude: coordinates.lng,
      genderIdentity: 'woman',
      sexualOrientation: 'lesbian',
    });
    if (!row) throw new Error('user not created');
    const { token } = await createSession(database.db, row.id);
    return { id: row.id, cookie: `${SESSION_COOKIE}=${token}` };
  });
  const matchIds = await mapLimit(Array.from({ length: CHAT_USERS / 2 }), 8, (_, i) =>
    createMatch(database.db, (users[2 * i] as BenchUser).id, (users[2 * i + 1] as BenchUser).id),
  );
  return { users, matchIds };
}

/** The storage ceiling: the same INSERT the server runs, back to back on one connection. */
async function rawInsertLoop(
  url: string,
  users: BenchUser[],
  matchIds: string[],
  seconds: number,
  connections: number,
): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  let count = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (performance.now() < until) {
          const i = count % matchIds.length;
          await client.query(
            `insert into messages (match_id, sender_id, content, message_type, client_message_id)
             values ($1, $2, $3, 'text', $4) on conflict (sender_id, client_message_id) do nothing returning *`,
            [
              matchIds[i],
              users[2 * i]?.id,
              'raw insert: a message about tea and weekend plans',
              randomBytes(8).toString('hex'),
            ],
          );
          count++;
        }
      } finally {
        client.release();
      }
    }),
  );
  await pool.end();
  return count / seconds;
}

interface Measured {
  steady: RunResult;
  max: RunResult;
  /** Server CPU time (all instances) per delivered message in the steady phase. */
  serverCpuMsPerMessage: number;
}

async function measureChat(
  clients: ReturnType<typeof startClients>,
  servers: Array<Awaited<ReturnType<typeof startServer>>>,
  sockets: SocketSpec[],
  matchIds: string[],
  profileAs?: string,
): Promise<Measured> {
  const opened = await clients.open(sockets);
  if (opened.failed > 0) throw new Error(`${opened.failed} sockets failed to open`);
  const pairs: PairSpec[] = matchIds.map((matchId, i) => ({ a: 2 * i, b: 2 * i + 1, matchId }));
  // Warm-up: JIT, connection pools, caches. Measured in 5 s windows after a 1 s warm-up, Steep's CPU per message
  // fell 0.52 → 0.42 → 0.35 → 0.33 ms before it held (the optimising compiler's threads count as the
  // process's CPU): the steady phase starts after that.
  await clients.run(pairs, 'steady', WARMUP_SECONDS);
  const profiling = CPU_PROFILE_DIR !== undefined && profileAs !== undefined;
  if (profiling) await Promise.all(servers.map((s) => s.profileStart()));
  const cpu = async () => (await Promise.all(servers.map((s) => s.cpuMs()))).reduce((x, y) => x + y, 0);
  if (TRACING && profileAs) await Promise.all(servers.map((s) => s.trace()));
  const cpuBefore = await cpu();
  const steady = await clients.run(pairs, 'steady', SECONDS);
  const serverCpuMsPerMessage = ((await cpu()) - cpuBefore) / steady.delivered;
  if (TRACING && profileAs) printTrace(profileAs, steady, await Promise.all(servers.map((s) => s.trace())));
  const max = await clients.run(pairs, 'max', SECONDS);
  if (profiling) {
    await Promise.all(servers.map((s, i) => s.profileStop(path.join(CPU_PROFILE_DIR, `${profileAs}-${i}.cpuprofile`))));
  }
  await clients.closeAll();
  return { steady, max, serverCpuMsPerMessage };
}

/** Rounds of the CPU comparison (BENCH_CPU_ROUNDS): each round measures the bare relay, then Steep, back to back. */
const CPU_ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);

interface CpuComparison {
  /** Median over the rounds of Steep's CPU per message over the bare relay's in the same round. */
  ratio: number;
  ratios: number[];
  bareMs: number[];
  steepMs: number[];
}

/**
 * Server CPU per message, Steep against the bare relay, in alternating steady phases with both servers
 * up and warm (each already measured by `measureChat`). Measured one after the other, minutes apart, the
 * relay's figure swung 0.047–0.23 ms between runs of the same code while Steep's moved less: the host's
 * spells (frequency, neighbours, how many frames one wake-up reads) moved the denominator, and with it
 * the ratio, by more than any change of Steep's. Adjacent pairs of windows share the spell; the median
 * round is the figure.
 */
async function compareCpu(
  clients: ReturnType<typeof startClients>,
  bare: Awaited<ReturnType<typeof startServer>>,
  steep: Awaited<ReturnType<typeof startServer>>,
  users: BenchUser[],
  matchIds: string[],
): Promise<CpuComparison> {
  const bareSockets = chatSockets(users, () => bare.url, 'bare');
  const opened = [await clients.open(bareSockets), await clients.open(chatSockets(users, () => steep.url, 'steep'))];
  if (opened.some((o) => o.failed > 0)) throw new Error('sockets failed to open');
  const pairsFrom = (offset: number): PairSpec[] =>
    matchIds.map((matchId, i) => ({ a: offset + 2 * i, b: offset + 2 * i + 1, matchId }));
  const sides = [
    { server: bare, pairs: pairsFrom(0) },
    { server: steep, pairs: pairsFrom(bareSockets.length) },
  ] as const;
  // The servers are warm from `measureChat`; these sockets' first frames are not (auth, caches).
  for (const side of sides) await clients.run(side.pairs, 'steady', 2);
  const perMessage = async (side: (typeof sides)[number]) => {
    const before = await side.server.cpuMs();
    const phase = await clients.run(side.pairs, 'steady', SECONDS);
    return ((await side.server.cpuMs()) - before) / phase.delivered;
  };
  const bareMs: number[] = [];
  const steepMs: number[] = [];
  for (let round = 0; round < CPU_ROUNDS; round++) {
    bareMs.push(await perMessage(sides[0]));
    steepMs.push(await perMessage(sides[1]));
  }
  await clients.closeAll();
  const ratios = steepMs.map((s, i) => s / (bareMs[i] as number));
  return { ratio: median(ratios), ratios, bareMs, steepMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * BENCH_TRACE: where the steady phase's messages waited, segment by segment (bench/chat-trace.ts),
 * as p50 / p99 / max in ms, and per second of the phase so a collapse shows when it starts.
 */
function printTrace(label: string, steady: RunResult, dumps: TraceDump[]): void {
  const server = Object.assign({}, ...dumps.map((d) => d.messages)) as Record<string, MessageStamps>;
  const segments: Record<string, number[]> = {};
  const add = (name: string, from: number | undefined, to: number | undefined) => {
    if (from === undefined || to === undefined || to === 0) return;
    (segments[name] ??= []).push(to - from);
  };
  const perSecond = new Map<number, { n: number; total: number; pool: number; db: number; waiting: number }>();
  const start = Math.min(...Object.values(steady.stamps ?? {}).map(([sent]) => sent));
  for (const [id, [sent, delivered]] of Object.entries(steady.stamps ?? {})) {
    const s = server[id] ?? {};
    add('client → socket receive', sent, s.recv);
    add('socket queue (her earlier frames)', s.recv, s.handle);
    add('rate limiter', s.handle, s.limited);
    add('limiter → insert asks pool (group queue)', s.limited, s.pool);
    add('pool wait', s.pool, s.sent);
    add('insert on a connection (to commit)', s.sent, s.stored);
    add('commit → fan-out', s.stored, s.fanout);
    add('fan-out → partner receives', s.fanout, delivered);
    add('total send → delivered', sent, delivered);
    if (delivered === 0) (segments['never delivered'] ??= []).push(0);
    const second = Math.floor((sent - start) / 1000);
    const row = perSecond.get(second) ?? { n: 0, total: 0, pool: 0, db: 0, waiting: 0 };
    row.n++;
    row.total += delivered ? delivered - sent : 0;
    row.pool += s.sent !== undefined && s.pool !== undefined ? s.sent - s.pool : 0;
    row.db += s.stored !== undefined && s.sent !== undefined ? s.stored - s.sent : 0;
    row.waiting = Math.max(row.waiting, s.poolWaiting ?? 0);
    perSecond.set(second, row);
  }
  const pct = (values: number[], q: number) =>
    [...values].sort((x, y) => x - y)[Math.min(values.length - 1, Math.floor(q * values.length))] ?? NaN;
  console.log(`\ntrace, ${label}, steady phase (${Object.keys(steady.stamps ?? {}).length} messages):`);
  for (const [name, values] of Object.entries(segments)) {
    console.log(
      `  ${name.padEnd(42)} n=${String(values.length).padStart(5)}  p50 ${pct(values, 0.5).toFixed(2).padStart(8)}  p99 ${pct(values, 0.99).toFixed(2).padStart(8)}  max ${Math.max(
        ...values,
      )
        .toFixed(2)
        .padStart(8)}`,
    );
  }
  console.log('  by second of the phase: sent, mean total / pool wait / insert ms, max pool queue');
  for (const [second, r] of [...perSecond].sort((x, y) => x[0] - y[0])) {
    console.log(
      `    ${second}s  ${String(r.n).padStart(4)}  ${(r.total / r.n).toFixed(1).padStart(8)}  ${(r.pool / r.n).toFixed(1).padStart(8)}  ${(r.db / r.n).toFixed(1).padStart(7)}  ${r.waiting}`,
    );
  }
  const statements = new Map<string, { count: number; totalMs: number; maxMs: number }>();
  for (const d of dumps) {
    for (const [name, st] of Object.entries(d.statements)) {
      const s = statements.get(name) ?? { count: 0, totalMs: 0, maxMs: 0 };
      s.count += st.count;
      s.totalMs += st.totalMs;
      s.maxMs = Math.max(s.maxMs, st.maxMs);
      statements.set(name, s);
    }
  }
  console.log("  statements on the server's connections (count, total ms on a connection, mean, max):");
  for (const [name, s] of [...statements].sort((x, y) => y[1].totalMs - x[1].totalMs)) {
    console.log(
      `    ${name.padEnd(34)} ${String(s.count).padStart(6)}  ${s.totalMs.toFixed(0).padStart(8)}  ${(s.totalMs / s.count).toFixed(2).padStart(7)}  ${s.maxMs.toFixed(1).padStart(7)}`,
    );
  }
  const cpu = dumps.reduce((sum, d) => sum + d.backendCpuMs, 0);
  console.log(
    `  PostgreSQL backends' CPU during the phase: ${cpu} ms (${(cpu / 1000 / steady.seconds).toFixed(2)} cores)`,
  );
}

const chatSockets = (users: BenchUser[], urlOf: (i: number) => string, kind: 'steep' | 'bare'): SocketSpec[] =>
  users.slice(0, CHAT_USERS).map((u, i) => ({ url: urlOf(i), userId: u.id, cookie: u.cookie, kind }));

async function idleMemory(
  server: Awaited<ReturnType<typeof startServer>>,
  clients: ReturnType<typeof startClients>,
  sockets: SocketSpec[],
): Promise<{ perConnection: number; heapPerConnection: number; opened: number }> {
  // The first sockets are not counted: they pay what the first use of each path allocates once (a
  // heap snapshot diff showed the caches' preallocated slots, 12 of 50 000 entries, about 5 MiB, and the
  // compiled code), which a per-connection figure must not spread over the others.
  await clients.open(sockets.slice(0, WARM_CONNECTIONS));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = await server.memory();
  const opened = await clients.open(sockets.slice(WARM_CONNECTIONS));
  // Presence work (lastActive, partners) runs after each auth; let it finish before measuring.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const after = await server.memory();
  await clients.closeAll();
  const n = opened.opened;
  return {
    opened: n,
    perConnection: (after.rss - before.rss) / n,
    heapPerConnection: (after.heapUsed + after.external - before.heapUsed - before.external) / n,
  };
}

// A phase that delivered nothing has no percentiles (null once through IPC).
const ms = (n: number | null) => `${(n ?? Number.NaN).toFixed(2)} ms`;
const rate = (n: number) => `${Math.round(n)} msg/s`;
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function bench(phases: ReadonlySet<string>): Promise<BenchRow[]> {
  const PHASES = phases;
  const rows: BenchRow[] = [];
  const admin = new pg.Client({ connectionString: BASE_DB_URL });
  await admin.connect();
  // BENCH_CHAT_DB names the (fresh, dropped afterwards) database, for a machine shared with other runs.
  const name = process.env.BENCH_CHAT_DB ?? `steep_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_CHAT_DB: not a plain database name: ${name}`);
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = databaseUrl(BASE_DB_URL, name);
  const database = await openPostgres(url);
  const clients = startClients();
  const checks: Array<[string, boolean, string]> = [];
  const summary: Record<string, unknown> = {};
  try {
    const userCount = Math.max(PHASES.has('memory') ? IDLE_CONNECTIONS : 0, CHAT_USERS);
    console.log(`seeding ${userCount} users with sessions, ${CHAT_USERS / 2} matches…`);
    const { users, matchIds } = await seed(database, userCount);

    if (PHASES.has('chat')) {
      console.log('raw INSERT loop…');
      const insertRate = await rawInsertLoop(url, users, matchIds, SECONDS, 1);
      const insertRate10 = await rawInsertLoop(url, users, matchIds, SECONDS, 10);

      console.log('bare ws relay…');
      const bare = await startServer('bare');
      const bareResult = await measureChat(
        clients,
        [bare],
        chatSockets(users, () => bare.url, 'bare'),
        matchIds,
      );

      console.log('Steep, one instance…');
      const one = await startServer('steep', { DATABASE_URL: url });
      const oneResult = await measureChat(
        clients,
        [one],
        chatSockets(users, () => one.url, 'steep'),
        matchIds,
        'one-instance',
      );
      console.log(`CPU per message, bare relay and Steep in ${CPU_ROUNDS} alternating rounds…`);
      const cpu = await compareCpu(clients, bare, one, users, matchIds);
      await Promise.all([bare.stop(), one.stop()]);

      console.log('Steep, two instances through Redis…');
      const [a, b] = await Promise.all([
        startServer('steep', { DATABASE_URL: url, REDIS_URL }),
        startServer('steep', { DATABASE_URL: url, REDIS_URL }),
      ]);
      const twoResult = await measureChat(
        clients,
        [a, b],
        chatSockets(users, (i) => (i % 2 === 0 ? a.url : b.url), 'steep'),
        matchIds,
        'two-instances',
      );
      // Same two instances, each pair on one of them: what two processes cost on this machine without
      // the Redis hop, to tell the hop apart from CPU contention.
      const colocated = await measureChat(
        clients,
        [a, b],
        chatSockets(users, (i) => (i % 4 < 2 ? a.url : b.url), 'steep'),
        matchIds,
      );
      await Promise.all([a.stop(), b.stop()]);

      const table = [
        ['bare ws relay', bareResult],
        ['Steep, 1 instance', oneResult],
        ['Steep, 2 instances + Redis', twoResult],
        ['  (same, pairs not split)', colocated],
      ] as const;
      console.log(
        `\n${CHAT_USERS} users in ${CHAT_USERS / 2} pairs; steady ${STEADY_RATE} msg/user/s; ${SECONDS} s per phase`,
      );
      console.log(`raw INSERT loop: ${rate(insertRate)} (1 connection), ${rate(insertRate10)} (10 connections)`);
      console.log(
        '                             steady p50   steady p99   steady max   CPU/msg   max-phase msg/s   max p99     errors',
      );
      for (const [label, r] of table) {
        console.log(
          `${label.padEnd(28)} ${ms(r.steady.p50).padStart(10)}   ${ms(r.steady.p99).padStart(10)}   ${ms(r.steady.max).padStart(10)}   ${ms(r.serverCpuMsPerMessage).padStart(7)}   ${rate(r.max.messagesPerSecond).padStart(14)}   ${ms(r.max.p99).padStart(9)}   ${r.steady.errors + r.max.errors}`,
        );
        for (const phase of [r.steady, r.max]) {
          if (phase.errors > 0) console.log(`    errors: ${JSON.stringify(phase.errorMessages)}`);
        }
      }
      // Nothing delivered (null) must read as a miss, not pass a comparison by accident.
      const p99 = (r: Measured) => r.steady.p99 ?? Infinity;
      const crossAdded = p99(twoResult) - p99(oneResult);
      const cpuRatio = cpu.ratio;
      const list = (values: number[], digits: number) => values.map((v) => v.toFixed(digits)).join(' ');
      console.log(
        `CPU per message by round: bare ${list(cpu.bareMs, 3)} ms; Steep ${list(cpu.steepMs, 3)} ms; ` +
          `ratio ${list(cpu.ratios, 2)} (median ${cpuRatio.toFixed(2)} ×)`,
      );
      checks.push(
        ['server CPU per message ≤ 1.5 × bare relay', cpuRatio <= TARGETS.cpuVsBare, `${cpuRatio.toFixed(2)} ×`],
        ['p99 on one instance ≤ 25 ms', p99(oneResult) <= TARGETS.p99Ms, ms(oneResult.steady.p99)],
        [
          'throughput ≥ 0.5 × raw INSERT loop',
          oneResult.max.messagesPerSecond >= TARGETS.throughputVsInsert * insertRate,
          `${(oneResult.max.messagesPerSecond / insertRate).toFixed(2)} ×`,
        ],
        ['cross-instance adds ≤ 5 ms at p99', crossAdded <= TARGETS.crossInstanceP99AddedMs, ms(crossAdded)],
      );
      const rateNote = `${CHAT_USERS} users, ${CHAT_USERS * STEADY_RATE} msg/s steady`;
      rows.push(
        atMost('chat: server CPU per message vs bare ws relay', cpuRatio, TARGETS.cpuVsBare, '×', 2),
        context('chat: server CPU per message, Steep (1 instance, median round)', median(cpu.steepMs), 'ms', 3),
        context('chat: server CPU per message, bare ws relay (median round)', median(cpu.bareMs), 'ms', 3),
        atMost(`chat: p99 send → delivered, 1 instance (${rateNote})`, p99(oneResult), TARGETS.p99Ms, 'ms'),
        context('chat: p50 send → delivered, 1 instance', oneResult.steady.p50 ?? Number.NaN, 'ms', 2),
        atMost(
          'chat: p99 added by a second instance through Redis',
          Number.isFinite(crossAdded) ? crossAdded : Infinity,
          TARGETS.crossInstanceP99AddedMs,
          'ms',
        ),
        context('chat: p99, 2 instances + Redis, pairs split', p99(twoResult), 'ms'),
        context('chat: p99, 2 instances, pairs not split', p99(colocated), 'ms'),
        context('chat: server CPU per message, 2 instances + Redis', twoResult.serverCpuMsPerMessage, 'ms', 3),
        atLeast(
          'chat: max-phase throughput vs raw INSERT loop (1 connection)',
          oneResult.max.messagesPerSecond / insertRate,
          TARGETS.throughputVsInsert,
          '×',
          2,
        ),
        context('chat: max-phase throughput, 1 instance', oneResult.max.messagesPerSecond, 'msg/s', 0),
      );
      Object.assign(summary, {
        insertRate,
        insertRate10,
        bare: bareResult,
        one: oneResult,
        two: twoResult,
        colocated,
        cpu,
      });
    }

    if (PHASES.has('memory')) {
      console.log(`memory at ${IDLE_CONNECTIONS} idle connections…`);
      const bare = await startServer('bare');
      const bareMemory = await idleMemory(
        bare,
        clients,
        users.slice(0, IDLE_CONNECTIONS).map((u) => ({ url: bare.url, userId: u.id, kind: 'bare' as const })),
      );
      await bare.stop();
      const one = await startServer('steep', { DATABASE_URL: url });
      const steepMemory = await idleMemory(
        one,
        clients,
        users
          .slice(0, IDLE_CONNECTIONS)
          .map((u) => ({ url: one.url, userId: u.id, cookie: u.cookie, kind: 'steep' as const })),
      );
      await one.stop();
      console.log(
        `memory per idle connection: Steep ${kib(steepMemory.perConnection)} RSS (${kib(steepMemory.heapPerConnection)} heap+external), ` +
          `bare ws ${kib(bareMemory.perConnection)} RSS (${kib(bareMemory.heapPerConnection)} heap+external); ` +
          `${steepMemory.opened} / ${bareMemory.opened} connections`,
      );
      // Judged on what the process holds for the connections (V8 heap + external buffers, after GC);
      // RSS is shown too, but its delta mostly says when the allocator happened to grow.
      const heapRatio = steepMemory.heapPerConnection / bareMemory.heapPerConnection;
      const rssRatio = steepMemory.perConnection / bareMemory.perConnection;
      checks.push([
        'memory per idle connection ≤ 2 × bare ws',
        heapRatio <= TARGETS.memoryVsBare,
        `${heapRatio.toFixed(2)} × (heap+external), ${rssRatio.toFixed(2)} × (RSS)`,
      ]);
      rows.push(
        atMost('chat: memory per idle connection vs bare ws (heap+external)', heapRatio, TARGETS.memoryVsBare, '×', 2),
      );
      Object.assign(summary, { bareMemory, steepMemory });
    }

    console.log('\ntargets:');
    for (const [label, ok, value] of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}: ${value}`);
    console.log(JSON.stringify(summary));
    return rows;
  } finally {
    clients.stop();
    for (const child of children) child.kill('SIGKILL');
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** For `npm run bench`: the chat phases only unless BENCH_PHASES says otherwise (the idle-memory phase opens thousands of sockets). */
export async function run(): Promise<BenchRow[]> {
  return bench(new Set((process.env.BENCH_PHASES ?? 'chat').split(',')));
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  await bench(new Set((process.env.BENCH_PHASES ?? 'chat,memory').split(',')));
}

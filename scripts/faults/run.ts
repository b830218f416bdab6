/**
 * The fault suite (`npm run test:faults`): real server processes on a private PostgreSQL
 * cluster (initdb/pg_ctl in a temp dir on a free port — never the machine's shared one) with a private
 * redis-server, and on the embedded database. Chat senders over WebSocket and HTTP, a swipe writer and
 * a profile writer retry every write with the same idempotency key until it is acknowledged, while
 * faults are injected: kill -9, SIGTERM (drain), PostgreSQL restart, Redis kill and restart, and
 * embedded-mode kill -9 during writes. Every acknowledged write must be stored exactly once, /ready
 * must answer right in each phase, and the embedded data directory must pass amcheck.
 */
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import pg from 'pg';
import WebSocket from 'ws';
import { check, freePort, PrivatePostgres, PrivateRedis, sleep } from '../lib/services';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEADLINE = Date.now() + 9 * 60_000;

// ------------------------------------------------------------------ Steep server processes

const FAULT_TEA_AUTHOR_KEY = randomBytes(32).toString('hex');

class Server {
  process: ChildProcess | undefined;
  exitCode: Promise<number | null> = Promise.resolve(null);
  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start(): Promise<number> {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SEED: 'none',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DRAIN_SECONDS: '3',
        // Durability is under test here, not the budgets: senders write faster than a person.
        RATE_LIMIT_SCALE: '50',
        // Production on PostgreSQL requires the Tea author key every instance shares.
        TEA_AUTHOR_KEY: FAULT_TEA_AUTHOR_KEY,
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.process = child;
    this.exitCode = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    for (;;) {
      check(Date.now() - startedAt < 60_000, 'server did not become ready in 60 s');
      check(child.exitCode === null, `server exited with ${child.exitCode}`);
      if ((await ready(this.base).catch(() => undefined))?.code === 200) return Date.now() - startedAt;
      await sleep(100);
    }
  }
  kill9() {
    this.process?.kill('SIGKILL');
  }
  sigterm() {
    this.process?.kill('SIGTERM');
  }
}

async function ready(base: string): Promise<{ code: number; status: string }> {
  const response = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(2_000) });
  const body = (await response.json()) as { status: string };
  return { code: response.status, status: body.status };
}

// ------------------------------------------------------------------ the workload

interface Member {
  id: string;
  cookie: string;
}

async function api(base: string, method: string, url: string, cookie?: string, body?: unknown) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json().catch(() => null),
  };
}

let memberCount = 0;
async function signUpMember(base: string): Promise<Member> {
  memberCount += 1;
  const username = `fault_${process.pid}_${memberCount}`;
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      password: 'Fault_pass1',
      name: `Fault ${memberCount}`,
      age: 30,
      location: 'Portland, Oregon',
      genderIdentity: 'woman',
      sexualOrientation: 'lesbian',
    }),
  });
  const text = await response.text();
  check(response.status === 201, `sign-up ${response.status}: ${text}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const user = JSON.parse(text) as { id: string };
  return { id: user.id, cookie };
}

async function matchOf(base: string, a: Member, b: Member): Promise<string> {
  await api(base, 'POST', '/api/likes', a.cookie, { targetUserId: b.id, isLike: true });
  await api(base, 'POST', '/api/likes', b.cookie, { targetUserId: a.id, isLike: true });
  const matches = (await api(base, 'GET', '/api/matches', a.cookie)).body as Array<{
    id: string;
    otherUser: { id: string };
  }>;
  const match = matches.find((m) => m.otherUser.id === b.id);
  check(match, 'the two senders did not match');
  return match.id;
}

interface Tally {
  sent: Set<string>;
  acked: Set<string>;
  /** Writes refused with 503 + Retry-After (the honest outage answer). */
  unavailable: number;
  firstAckAfter: (at: number) => number | undefined;
  ackTimes: number[];
}

function tally(): Tally {
  const ackTimes: number[] = [];
  return {
    sent: new Set(),
    acked: new Set(),
    unavailable: 0,
    ackTimes,
    firstAckAfter: (at) => ackTimes.find((t) => t >= at),
  };
}

interface Workload {
  stop(): Promise<void>;
  messages: Tally;
  swipes: Tally;
  profile: Tally & { lastAcked: number; attempted: number };
}

/**
 * Runs until stopped: an HTTP chat sender, a WebSocket chat sender, a swipe writer (passes, so no
 * daily allowance applies) and a profile writer. Each retries its current write — same key — until
 * it is acknowledged, however the server or database behaves meanwhile.
 */
function runWorkload(server: Server, people: People, prefix: string): Workload {
  let running = true;
  const messages = tally();
  const swipes = tally();
  const profile = Object.assign(tally(), { lastAcked: 0, attempted: 0 });
  const ack = (t: Tally, key: string) => {
    t.acked.add(key);
    t.ackTimes.push(Date.now());
  };

  const httpSender = (async () => {
    for (let i = 0; running; i++) {
      const key = `${prefix}-http-${i}`;
      messages.sent.add(key);
      while (running || !messages.acked.has(key)) {
        const response = await api(server.base, 'POST', '/api/messages', people.httpSender.cookie, {
          matchId: people.httpMatch,
          content: `message ${key}`,
          clientMessageId: key,
        }).catch(() => undefined);
        if (response && (response.status === 201 || response.status === 200)) {
          ack(messages, key);
          break;
        }
        if (response?.status === 503) {
          // Ours carry Retry-After; Fastify's own 503 for a request racing the final close does not.
          const code = (response.body as { code?: string } | null)?.code;
          check(code !== 'UNAVAILABLE' || response.headers.get('retry-after'), '503 UNAVAILABLE without Retry-After');
          messages.unavailable += 1;
        }
        await sleep(150);
      }
      await sleep(40);
    }
  })();

  const wsSender = (async () => {
    let socket: WebSocket | undefined;
    let pending: { key: string; resolve: (ok: boolean) => void } | undefined;
    const connect = () =>
      new Promise<WebSocket | undefined>((resolve) => {
        const ws = new WebSocket(`${server.base.replace('http', 'ws')}/ws`, {
          headers: { cookie: people.wsSender.cookie },
        });
        const timer = setTimeout(() => (ws.terminate(), resolve(undefined)), 3_000);
        ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', userId: people.wsSender.id })));
        ws.on('message', (data) => {
          const frame = JSON.parse((data as Buffer).toString('utf8')) as {
            type: string;
            message?: { clientMessageId?: string };
            clientMessageId?: string;
            code?: string;
          };
          if (frame.type === 'connected') {
            clearTimeout(timer);
            resolve(ws);
          } else if (frame.type === 'message' && pending && frame.message?.clientMessageId === pending.key) {
            pending.resolve(true);
          } else if (frame.type === 'error' && pending && frame.clientMessageId === pending.key) {
            if (frame.code === 'UNAVAILABLE') messages.unavailable += 1;
            pending.resolve(false);
          }
        });
        ws.on('close', () => {
          clearTimeout(timer);
          resolve(undefined);
          pending?.resolve(false);
        });
        ws.on('error', () => {});
      });
    for (let i = 0; running; i++) {
      const key = `${prefix}-ws-${i}`;
      messages.sent.add(key);
      while (running || !messages.acked.has(key)) {
        if (!socket || socket.readyState !== WebSocket.OPEN) {
          socket = await connect();
          if (!socket) {
            await sleep(300);
            continue;
          }
        }
        const ok = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), 3_000);
          pending = {
            key,
            resolve: (value) => {
              clearTimeout(timer);
              resolve(value);
            },
          };
          socket!.send(
            JSON.stringify({
              type: 'message',
              matchId: people.wsMatch,
              content: `message ${key}`,
              clientMessageId: key,
            }),
          );
        });
        pending = undefined;
        if (ok) {
          ack(messages, key);
          break;
        }
        await sleep(150);
      }
      await sleep(40);
    }
    socket?.close();
  })();

  const swiper = (async () => {
    for (const target of people.swipeTargets) {
      if (!running) break;
      const key = `${people.swiper.id}>${target.id}`;
      if (swipes.acked.has(key)) continue;
      swipes.sent.add(key);
      for (;;) {
        const response = await api(server.base, 'POST', '/api/likes', people.swiper.cookie, {
          targetUserId: target.id,
          isLike: false,
        }).catch(() => undefined);
        // 409: an earlier attempt whose answer was lost is stored — the client now knows it is.
        if (response && (response.status === 201 || response.status === 409)) {
          ack(swipes, key);
          break;
        }
        if (response?.status === 503) swipes.unavailable += 1;
        await sleep(150);
      }
      await sleep(80);
    }
  })();

  const profileWriter = (async () => {
    for (let version = 1; running; version++) {
      const key = `${prefix}-bio-${version}`;
      profile.sent.add(key);
      profile.attempted = version;
      for (;;) {
        const response = await api(server.base, 'PUT', `/api/users/${people.writer.id}`, people.writer.cookie, {
          bio: key,
        }).catch(() => undefined);
        if (response?.status === 200) {
          ack(profile, key);
          profile.lastAcked = version;
          break;
        }
        if (response?.status === 503) profile.unavailable += 1;
        if (!running && !response) break;
        await sleep(150);
      }
      await sleep(100);
    }
  })();

  return {
    messages,
    swipes,
    profile,
    async stop() {
      running = false;
      await Promise.all([httpSender, wsSender, swiper, profileWriter]);
    },
  };
}

interface People {
  httpSender: Member;
  httpMatch: string;
  wsSender: Member;
  wsMatch: string;
  swiper: Member;
  swipeTargets: Member[];
  writer: Member;
}

async function makePeople(base: string, targets: number): Promise<People> {
  const [a, b, c, d, swiper, writer] = await Promise.all(Array.from({ length: 6 }, () => signUpMember(base)));
  const swipeTargets = [];
  for (let i = 0; i < targets; i++) swipeTargets.push(await signUpMember(base));
  return {
    httpSender: a!,
    httpMatch: await matchOf(base, a!, b!),
    wsSender: c!,
    wsMatch: await matchOf(base, c!, d!),
    swiper: swiper!,
    swipeTargets,
    writer: writer!,
  };
}

// ------------------------------------------------------------------ verification

type Query = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

interface Row {
  scenario: string;
  sent: number;
  acked: number;
  lost: number;
  duplicates: number;
  unavailable: number;
  recoveryMs: number | string;
  ready: string;
}

async function verify(query: Query, work: Workload, people: People): Promise<{ lost: number; duplicates: number }> {
  const ids = [...work.messages.acked];
  const stored = await query(
    'select client_message_id as id, count(*)::int as n from messages where client_message_id = any($1) group by client_message_id',
    [ids],
  );
  const counts = new Map(stored.map((r) => [String(r.id), Number(r.n)]));
  let lost = ids.filter((id) => !counts.has(id)).length;
  let duplicates = [...counts.values()].filter((n) => n > 1).length;
  const anyDuplicate = await query(
    'select count(*)::int as n from (select 1 from messages group by sender_id, client_message_id having count(*) > 1 and client_message_id is not null) d',
    [],
  );
  duplicates += Number(anyDuplicate[0]?.n ?? 0);

  const swiped = await query(
    'select target_user_id as t, count(*)::int as n from swipes where user_id = $1 group by target_user_id',
    [people.swiper.id],
  );
  const swipeCounts = new Map(swiped.map((r) => [String(r.t), Number(r.n)]));
  for (const key of work.swipes.acked) {
    const n = swipeCounts.get(key.split('>')[1] ?? '') ?? 0;
    if (n === 0) lost += 1;
    if (n > 1) duplicates += 1;
  }

  const [writer] = await query('select bio from users where id = $1', [people.writer.id]);
  const bio = typeof writer?.bio === 'string' ? writer.bio : '';
  const version = Number(bio.split('-bio-')[1] ?? 0);
  // The stored bio is the last acknowledged write, or one attempted after it whose answer was lost.
  if (work.profile.lastAcked > 0 && version < work.profile.lastAcked) lost += 1;
  return { lost, duplicates };
}

function total(work: Workload) {
  return {
    sent: work.messages.sent.size + work.swipes.sent.size + work.profile.sent.size,
    acked: work.messages.acked.size + work.swipes.acked.size + work.profile.acked.size,
    unavailable: work.messages.unavailable + work.swipes.unavailable + work.profile.unavailable,
  };
}

function firstAckAfter(work: Workload, at: number): number | undefined {
  const times = [work.messages, work.swipes, work.profile]
    .map((t) => t.firstAckAfter(at))
    .filter((t) => t !== undefined);
  return times.length ? Math.min(...times) : undefined;
}

async function waitForAcks(work: Workload, after: number, count = 5, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (
    [work.messages, work.swipes, work.profile].reduce((n, t) => n + t.ackTimes.filter((x) => x >= after).length, 0) <
    count
  ) {
    check(Date.now() - started < timeoutMs, 'writes did not resume after the fault');
    await sleep(100);
  }
}

async function pollReady(base: string, want: string, timeoutMs = 30_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const state = await ready(base).catch(() => ({ code: 0, status: 'down' }));
    if (state.status === want) return Date.now() - started;
    check(Date.now() - started < timeoutMs, `/ready never said ${want} (last: ${state.code} ${state.status})`);
    await sleep(100);
  }
}

// ------------------------------------------------------------------ scenarios

async function postgresScenarios(rows: Row[]): Promise<void> {
  const pgServer = new PrivatePostgres(await freePort());
  const redis = new PrivateRedis(await freePort());
  let server: Server | undefined;
  try {
    pgServer.start();
    await redis.start();
    server = new Server(await freePort(), { DATABASE_URL: pgServer.url, REDIS_URL: redis.url });
    await server.start();
    const people = await makePeople(server.base, 40);
    const client = new pg.Client({ connectionString: pgServer.url });
    const query: Query = async (sql, params) => {
      const c = new pg.Client({ connectionString: pgServer.url });
      await c.connect();
      try {
        return (await c.query(sql, params)).rows as Array<Record<string, unknown>>;
      } finally {
        await c.end();
      }
    };
    void client;

    const scenario = async (name: string, inject: (work: Workload) => Promise<{ at: number; ready: string }>) => {
      check(Date.now() < DEADLINE, 'out of time');
      const work = runWorkload(server!, people, name.replace(/\W+/g, '-'));
      await sleep(1_500);
      const { at, ready: readyNote } = await inject(work);
      await waitForAcks(work, at);
      const recovered = firstAckAfter(work, at);
      await sleep(1_000);
      await work.stop();
      const { lost, duplicates } = await verify(query, work, people);
      rows.push({
        scenario: name,
        ...total(work),
        lost,
        duplicates,
        recoveryMs: recovered === undefined ? 'n/a' : recovered - at,
        ready: readyNote,
      });
    };

    await scenario('postgres: kill -9 server', async () => {
      server!.kill9();
      await server!.exitCode;
      const at = Date.now();
      await server!.start();
      return { at, ready: `ok after restart` };
    });

    await scenario('postgres: SIGTERM (drain)', async () => {
      server!.sigterm();
      const at = Date.now();
      // The signal arrives asynchronously: /ready must say draining (503) well within the drain period.
      await pollReady(server!.base, 'draining', 1_500);
      const draining = await ready(server!.base);
      check(draining.code === 503, `/ready during drain answered ${draining.code}`);
      const code = await server!.exitCode;
      check(code === 0, `SIGTERM exit code ${code}`);
      const drainedMs = Date.now() - at;
      await server!.start();
      return { at, ready: `503 draining for ${drainedMs} ms, exit 0` };
    });

    await scenario('postgres: database restart', async () => {
      const at = Date.now();
      pgServer.stop();
      await pollReady(server!.base, 'unavailable', 10_000);
      const during = await api(server!.base, 'PUT', `/api/users/${people.writer.id}/status`, people.writer.cookie, {
        text: 'x',
      });
      check(during.status === 503 && during.headers.get('retry-after'), `write during outage: ${during.status}`);
      await sleep(2_000);
      pgServer.start();
      await pollReady(server!.base, 'ok', 30_000);
      return { at, ready: '503 unavailable → ok' };
    });

    await scenario('redis: kill and restart', async () => {
      const at = Date.now();
      redis.kill();
      await pollReady(server!.base, 'degraded', 15_000);
      await sleep(2_000);
      await redis.start();
      await pollReady(server!.base, 'ok', 30_000);
      return { at, ready: '200 degraded → ok' };
    });
  } finally {
    server?.kill9();
    redis.kill();
    pgServer.destroy();
  }
}

async function embeddedScenarios(rows: Row[]): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'steep-faults-embedded-'));
  const server = new Server(await freePort(), { DATA_DIR: dataDir });
  try {
    await server.start();
    const people = await makePeople(server.base, 15);
    const kills = 3;
    const work = runWorkload(server, people, 'embedded');
    let worst = 0;
    for (let i = 0; i < kills; i++) {
      check(Date.now() < DEADLINE, 'out of time');
      await sleep(1_500);
      server.kill9();
      await server.exitCode;
      const at = Date.now();
      await server.start();
      await waitForAcks(work, at, 3);
      worst = Math.max(worst, (firstAckAfter(work, at) ?? at) - at);
    }
    await sleep(1_000);
    await work.stop();
    // A clean stop, then the data directory is opened directly: the stored writes and amcheck.
    server.sigterm();
    await server.exitCode;
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { amcheck } });
    try {
      const query: Query = async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows;
      const { lost, duplicates } = await verify(query, work, people);
      rows.push({
        scenario: `embedded: kill -9 ×${kills} during writes`,
        ...total(work),
        lost,
        duplicates,
        recoveryMs: worst,
        ready: 'ok after each restart',
      });
      await db.exec('create extension if not exists amcheck');
      // Every btree index in every schema we own (drizzle's migration table included), heap-all-indexed.
      const indexes = await db.query<{ oid: number }>(
        `select c.oid::int as oid from pg_index i join pg_class c on c.oid = i.indexrelid
         join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
         where a.amname = 'btree' and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
      );
      for (const { oid } of indexes.rows) {
        await db.query(`select bt_index_check($1::oid::regclass, true)`, [oid]);
      }
      const heap = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace,
         lateral verify_heapam(c.oid) v where c.relkind = 'r' and n.nspname = 'public'`,
      );
      check(heap.rows[0]?.n === 0, `verify_heapam found ${heap.rows[0]?.n} problems`);
      return `amcheck: ${indexes.rows.length} btree indexes (bt_index_check with heapallindexed) and every table (verify_heapam) clean`;
    } finally {
      await db.close();
    }
  } finally {
    server.kill9();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const rows: Row[] = [];
  await postgresScenarios(rows);
  const amcheckNote = await embeddedScenarios(rows);
  console.log('\nscenario                               | sent | acked | lost | dup | 503s | recovery ms | /ready');
  console.log('---------------------------------------|------|-------|------|-----|------|-------------|-------');
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(39)}| ${String(r.sent).padStart(4)} | ${String(r.acked).padStart(5)} | ${String(r.lost).padStart(4)} | ${String(r.duplicates).padStart(3)} | ${String(r.unavailable).padStart(4)} | ${String(r.recoveryMs).padStart(11)} | ${r.ready}`,
    );
  }
  console.log(`\n${amcheckNote}\ntotal ${Math.round((Date.now() - started) / 1000)} s`);
  const bad = rows.filter((r) => r.lost > 0 || r.duplicates > 0);
  check(bad.length === 0, `lost or duplicated writes in: ${bad.map((r) => r.scenario).join(', ')}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

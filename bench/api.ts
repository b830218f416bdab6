/**
 * API benchmark: GET /api/auth/me with a session against a bare Fastify route answering a body of
 * the same size, both served from this process and loaded by wrk from another (one thread, 50
 * connections; autocannon with two workers when wrk is not installed: `apt install wrk`).
 *
 *   npx tsx bench/api.ts                               # embedded PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/api.ts     # a scratch PostgreSQL database, as production runs
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres } from '../src/server/db/client';
import { atLeast, context, type BenchRow } from './report';
import { createScratchDatabase } from '../src/server/test/postgres';

const exec = promisify(execFile);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
/**
 * Pairs of runs, bare then /me, one after the other; the ratio reported is the median pair's. On a
 * shared two-core machine a single pair swings by ±15 % with whatever else the host is doing.
 */
const ROUNDS = 3;
const CONNECTIONS = 50;
const AUTOCANNON = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');

interface Load {
  rps: number;
  p99: number;
  tool: string;
}

async function hasWrk(): Promise<boolean> {
  try {
    await exec('wrk', ['--version']);
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version.
    return (error as { stdout?: string }).stdout?.startsWith('wrk') ?? false;
  }
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  if (await hasWrk()) {
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${DURATION_S}s`, '--latency'];
    for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
    const { stdout } = await exec('wrk', [...args, url], { maxBuffer: 1024 * 1024 });
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
    const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(stdout);
    const scale = { us: 0.001, ms: 1, s: 1000 } as const;
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
    if (non2xx > 0) throw new Error(`${url} answered ${non2xx} non-2xx responses`);
    return { rps, p99: p99 ? Number(p99[1]) * scale[p99[2] as keyof typeof scale] : NaN, tool: 'wrk' };
  }
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-w', '2', '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  const { stdout } = await exec(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
  if (result.non2xx > 0) throw new Error(`${url} answered ${result.non2xx} non-2xx responses`);
  return { rps: result.requests.average, p99: result.latency.p99, tool: 'autocannon -w 2' };
}

/** A bare Fastify route answering `body` as it is: the baseline for /api/auth/me. */
async function bareServer(body: string) {
  const app = Fastify({ logger: false });
  app.get('/hello', async (_request, reply) => reply.type('application/json').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/hello` };
}

async function steepServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED: 'none',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
  });
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'steep_bench_api')
    : undefined;
  const database = scratch ? await openPostgres(scratch.url) : await openPglite({ dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'benchuser',
      password: 'Bench_1234',
      name: 'Bench',
      age: 30,
      bio: 'Benchmarking with tea.',
      location: 'Portland, Oregon',
      genderIdentity: 'woman',
      sexualOrientation: 'lesbian',
      interests: [],
      teaInterests: ['Chai'],
    }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 201 || !cookie) throw new Error(`bench sign-up failed: ${response.status}`);
  return {
    url: `${base}/api/auth/me`,
    cookie,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function run(): Promise<BenchRow[]> {
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const steep = await steepServer();
  const body = await (await fetch(steep.url, { headers: { cookie: steep.cookie } })).text();
  const bare = await bareServer(body);
  await load(bare.url); // warm-up both, so JIT state is comparable
  await load(steep.url, { cookie: steep.cookie });
  const pairs: { bare: Load; me: Load; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bareLoad = await load(bare.url);
    const meLoad = await load(steep.url, { cookie: steep.cookie });
    pairs.push({ bare: bareLoad, me: meLoad, ratio: meLoad.rps / bareLoad.rps });
  }
  await bare.app.close();
  await steep.close();
  pairs.sort((a, b) => a.ratio - b.ratio);
  const { bare: bareLoad, me: meLoad, ratio } = pairs[Math.floor(ROUNDS / 2)]!;
  return [
    atLeast(
      `GET /api/auth/me vs a bare route with the same ${body.length}-byte body (${kind}, ${meLoad.tool}, median of ${ROUNDS} pairs)`,
      ratio,
      0.6,
      '×',
      2,
    ),
    context('GET /api/auth/me throughput', meLoad.rps, 'req/s', 0),
    context('GET /api/auth/me p99 at 50 connections', meLoad.p99, 'ms'),
    context('bare route throughput', bareLoad.rps, 'req/s', 0),
    context(`lowest of the ${ROUNDS} pairs' ratios`, pairs[0]!.ratio, '×', 2),
    context(`highest of the ${ROUNDS} pairs' ratios`, pairs[ROUNDS - 1]!.ratio, '×', 2),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await run()) console.log(`${row.measurement}: ${row.result} ${row.target}`);
}

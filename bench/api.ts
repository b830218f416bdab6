/**
 * API benchmark: GET /api/auth/me with a session against a bare Fastify hello-world route, both served
 * from this process and loaded by autocannon from a child process (50 connections), then the cold start
 * of a real server process on an empty data directory. Run: npm run bench:api
 */
import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/client';

const run = promisify(execFile);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const AUTOCANNON = path.resolve(import.meta.dirname, '../node_modules/autocannon/autocannon.js');

interface Load {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Load> {
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-j'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p99: number };
    errors: number;
    non2xx: number;
  };
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

async function bareServer() {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ hello: 'world' }));
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
  const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
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
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function coldStart(): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-cold-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEED: 'none',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (performance.now() - started > 30_000) throw new Error('server did not become ready in 30 s');
      try {
        const ready = await fetch(`http://127.0.0.1:${port}/ready`);
        if (ready.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const bare = await bareServer();
const steep = await steepServer();
await load(bare.url); // warm-up both, so JIT state is comparable
await load(steep.url, { cookie: steep.cookie });
const bareLoad = await load(bare.url);
const meLoad = await load(steep.url, { cookie: steep.cookie });
await bare.app.close();
await steep.close();
const cold = await coldStart();

const fmt = (l: Load) =>
  `${Math.round(l.rps).toString().padStart(7)} req/s  p99 ${String(l.p99).padStart(4)} ms  errors ${l.errors} non-2xx ${l.non2xx}`;
const ratio = meLoad.rps / bareLoad.rps;
console.log(`\nAPI benchmark (${CONNECTIONS} connections, ${DURATION_S} s each, PGlite)`);
console.log(`bare Fastify /hello        ${fmt(bareLoad)}`);
console.log(`GET /api/auth/me (session) ${fmt(meLoad)}`);
console.log(`ratio me/bare: ${ratio.toFixed(2)}x   (target >= 0.6x) ${ratio >= 0.6 ? 'MET' : 'NOT MET'}`);
console.log(
  `cold start to /ready on an empty data dir: ${Math.round(cold)} ms   (target < 3000 ms) ${cold < 3000 ? 'MET' : 'NOT MET'}`,
);

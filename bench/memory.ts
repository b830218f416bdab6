/**
 * Resident memory of an embedded-mode server when idle: after its first boot with the demo community,
 * then after a restart on the same DATA_DIR.
 *
 *   npx tsx bench/memory.ts
 *
 * Options (env): BENCH_MEMORY_IDLE_SECONDS (wait after "ready" before reading, default 5).
 *
 * Starts the server as `npm start` does (scripts/start.ts), in one node process with tsx's loader so
 * its pid is the server's own, on a fresh temporary DATA_DIR with the demo seed, and reads VmRSS from
 * /proc/<pid>/status: the main thread and every worker thread (the embedded database's included).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { AVATAR_CACHE_DIR } from '../src/server/seed/avatar';
import { atMost, context, type BenchRow } from './report';

const ROOT = path.resolve(import.meta.dirname, '..');
const IDLE_SECONDS = Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 5);

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Boot {
  rssMiB: number;
  readyMs: number;
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kib) / 1024;
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Boots the server, waits until it is ready and idle, checks it answers, reads its RSS and stops it. */
async function boot(dataDir: string): Promise<Boot> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      DRAIN_SECONDS: '0',
      // As `npm start` sets it (package.json): two malloc arenas, not one per thread.
      MALLOC_ARENA_MAX: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /Steep is ready: (http:\/\/\S+)/.exec(output);
        if (ready?.[1]) resolve(ready[1]);
      });
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)));
    });
    const readyMs = performance.now() - started;
    const health = await fetch(`${url}/health`);
    if (!health.ok) throw new Error(`/health answered ${health.status}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const rss = await rssMiB(child.pid!);
    // After the reading: scrypt's working memory is not part of the idle figure.
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'Demo_1234' }),
    });
    if (!login.ok) throw new Error(`demo login answered ${login.status}`);
    return { rssMiB: rss, readyMs };
  } finally {
    child.kill('SIGTERM');
    await waitForExit(child);
  }
}

export async function run(): Promise<BenchRow[]> {
  // What `npm install` left built (web app, database template): a boot must not include a build.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/prepare.ts'], { cwd: ROOT });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-bench-memory-'));
  try {
    const avatarsCached = existsSync(AVATAR_CACHE_DIR);
    const first = await boot(dataDir);
    log(`memory: first boot ready in ${Math.round(first.readyMs)} ms, idle RSS ${first.rssMiB.toFixed(0)} MiB`);
    const restart = await boot(dataDir);
    log(`memory: restart ready in ${Math.round(restart.readyMs)} ms, idle RSS ${restart.rssMiB.toFixed(0)} MiB`);
    const avatars = avatarsCached ? 'demo avatars from their cache' : 'demo avatars rendered';
    return [
      atMost(`embedded idle RSS after the first boot with demo data (${avatars})`, first.rssMiB, 300, 'MiB', 0),
      context('embedded idle RSS after a restart', restart.rssMiB, 'MiB', 0),
      atMost('first boot to ready, demo seed (npm start on an empty DATA_DIR)', first.readyMs / 1000, 20, 's'),
      atMost('restart to ready', restart.readyMs / 1000, 5, 's'),
    ];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await run())
    console.log(`${row.measurement}: ${row.result}${row.target ? ` (target ${row.target})` : ''}`);
}

/**
 * Boot time and resident memory of an idle server: embedded mode (a fresh DATA_DIR, first boot with the
 * demo community, then a restart on the same data) or, with DATABASE_URL, PostgreSQL mode (restarts on
 * that database).
 *
 *   npx tsx bench/memory.ts                      # embedded
 *   DATABASE_URL=postgres://… npx tsx bench/memory.ts
 *
 * Options (env): BENCH_MEMORY_IDLE_SECONDS (wait after "ready" before reading, default 5).
 *
 * Starts the server as `npm start` does (node scripts/start.mjs: the bundled server, in that process, so
 * its pid is the server's own) and reads VmRSS from /proc/<pid>/status: the main thread and every worker
 * thread (the embedded database's included). For comparison it also boots the TypeScript sources
 * through tsx, as `npm start` did before the production build (context rows).
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
/** The production start (the bundle), or the sources through tsx (how Steep started before). */
const LAUNCH = {
  // As `npm start` runs it (package.json).
  bundle: ['--max-semi-space-size=1', 'scripts/start.mjs'],
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
} as const;
type Launch = keyof typeof LAUNCH;

const DATABASE_URL = process.env.DATABASE_URL ?? '';

async function boot(dataDir: string, launch: Launch = 'bundle'): Promise<Boot> {
  const started = performance.now();
  const child = spawn(process.execPath, [...LAUNCH[launch]], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL,
      REDIS_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      // PostgreSQL mode runs on the database it is given; it is not seeded.
      SEED: DATABASE_URL ? 'none' : 'demo',
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
    if (!DATABASE_URL) {
      // After the reading: scrypt's working memory is not part of the idle figure.
      const login = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'Demo_1234' }),
      });
      if (!login.ok) throw new Error(`demo login answered ${login.status}`);
    }
    return { rssMiB: rss, readyMs };
  } finally {
    child.kill('SIGTERM');
    await waitForExit(child);
  }
}

export async function run(): Promise<BenchRow[]> {
  // What `npm run build` left (web app, database template, server bundle): a boot must not include a build.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/prepare.ts'], { cwd: ROOT });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-bench-memory-'));
  try {
    const rows: BenchRow[] = [];
    const report = (what: string, b: Boot) =>
      log(`memory: ${what} ready in ${Math.round(b.readyMs)} ms, idle RSS ${b.rssMiB.toFixed(0)} MiB`);
    if (DATABASE_URL) {
      // The first boot applies any pending migration; the measured ones are restarts.
      report('PostgreSQL first boot', await boot(dataDir));
      const restart = await boot(dataDir);
      report('PostgreSQL restart', restart);
      const before = await boot(dataDir, 'tsx');
      report('PostgreSQL restart from sources (tsx)', before);
      rows.push(
        atMost('PostgreSQL mode idle RSS (production build)', restart.rssMiB, 150, 'MiB', 0),
        atMost('PostgreSQL mode restart to ready (production build)', restart.readyMs / 1000, 2, 's'),
        context('PostgreSQL mode idle RSS from sources through tsx (before the build)', before.rssMiB, 'MiB', 0),
        context('PostgreSQL mode restart to ready through tsx (before the build)', before.readyMs / 1000, 's'),
      );
      return rows;
    }
    const avatarsCached = existsSync(AVATAR_CACHE_DIR);
    const first = await boot(dataDir);
    report('first boot', first);
    const restart = await boot(dataDir);
    report('restart', restart);
    const before = await boot(dataDir, 'tsx');
    report('restart from sources (tsx)', before);
    const avatars = avatarsCached ? 'demo avatars from their cache' : 'demo avatars rendered';
    rows.push(
      atMost(`embedded idle RSS after the first boot with demo data (${avatars})`, first.rssMiB, 300, 'MiB', 0),
      atMost('embedded idle RSS after a restart (production build)', restart.rssMiB, 300, 'MiB', 0),
      atMost('first boot to ready, demo seed (npm start on an empty DATA_DIR)', first.readyMs / 1000, 20, 's'),
      atMost('embedded restart to ready (production build)', restart.readyMs / 1000, 2, 's'),
      context('embedded idle RSS after a restart through tsx (before the build)', before.rssMiB, 'MiB', 0),
      context('embedded restart to ready through tsx (before the build)', before.readyMs / 1000, 's'),
    );
    return rows;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await run())
    console.log(`${row.measurement}: ${row.result}${row.target ? ` (target ${row.target})` : ''}`);
}

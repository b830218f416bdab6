/**
 * Private services for the suites that run real processes (the fault suite, the cluster suite): a
 * PostgreSQL cluster made with initdb in a temp dir, a redis-server, free loopback ports. Never the
 * machine's shared PostgreSQL or Redis.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`SUITE: ${message}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

// ------------------------------------------------------------------ PostgreSQL (private cluster)

const PG_BIN = (() => {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  check(version, 'no PostgreSQL binaries under /usr/lib/postgresql');
  return path.join(base, version, 'bin');
})();

/** initdb refuses to run as root: the cluster belongs to the postgres user then. */
export const asRoot = process.getuid?.() === 0;
export function pgCommand(tool: string, args: string[]): void {
  const command = path.join(PG_BIN, tool);
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  check(result.status === 0, `${tool} ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
}

export class PrivatePostgres {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), 'steep-pg-'));
  readonly data = path.join(this.dir, 'data');
  constructor(readonly port: number) {
    if (asRoot) {
      chmodSync(this.dir, 0o700);
      const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
      chownSync(this.dir, Number(ids), Number(gid));
    }
    pgCommand('initdb', ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  start() {
    pgCommand('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
      'start',
    ]);
  }
  stop() {
    pgCommand('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }
  destroy() {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------ Redis (private)

export class PrivateRedis {
  process: ChildProcess | undefined;
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start() {
    this.process = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    for (let i = 0; i < 50; i++) {
      if (spawnSync('redis-cli', ['-p', String(this.port), 'ping'], { encoding: 'utf8' }).stdout.includes('PONG'))
        return;
      await sleep(100);
    }
    throw new Error('private redis-server did not start');
  }
  kill() {
    this.process?.kill('SIGKILL');
    this.process = undefined;
  }
}

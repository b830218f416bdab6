/**
 * The cluster suite's processes: s3rver, nginx (deploy/nginx/steep.conf.template, rendered as the nginx
 * image renders it) and Steep instances started from the production build exactly as `npm start` and
 * the Dockerfile start them (`node scripts/start.mjs`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asRoot, check, sleep } from '../lib/services';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** Polls `probe` until it answers true; the timeout is generous: the machine may be loaded. */
export async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    if (await Promise.resolve(probe()).catch(() => false)) return Date.now() - started;
    check(Date.now() - started < timeoutMs, `${what}: not within ${timeoutMs / 1000} s`);
    await sleep(50);
  }
}

async function answers(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  await response.arrayBuffer();
  return response.status;
}

export class LocalS3 {
  process: ChildProcess | undefined;
  constructor(
    readonly port: number,
    readonly dir: string,
    readonly bucket = 'steep-media',
  ) {}
  get endpoint() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    mkdirSync(this.dir, { recursive: true });
    this.process = spawn(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/s3rver/bin/s3rver.js'),
        '--directory',
        this.dir,
        '--address',
        '127.0.0.1',
        '--port',
        String(this.port),
        '--silent',
        '--configure-bucket',
        this.bucket,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await waitFor('s3rver listening', async () => (await answers(`${this.endpoint}/${this.bucket}`)) === 200);
  }
  /** Anonymous GET of an object, straight from the store. */
  async objectStatus(key: string) {
    return answers(`${this.endpoint}/${this.bucket}/${key}`);
  }
  stop() {
    this.process?.kill('SIGKILL');
  }
}

export class Nginx {
  process: ChildProcess | undefined;
  readonly accessLog: string;
  constructor(
    readonly port: number,
    readonly dir: string,
    readonly upstreams: number[],
  ) {
    this.accessLog = path.join(dir, 'access.log');
  }
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  /** The repository's template with its ${STEEP_*} variables filled in, as envsubst does in the image. */
  render(): string {
    const template = readFileSync(path.join(ROOT, 'deploy/nginx/steep.conf.template'), 'utf8');
    const values: Record<string, string> = {
      STEEP_LISTEN: `127.0.0.1:${this.port}`,
      STEEP_UPSTREAM_SERVERS: this.upstreams
        .map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`)
        .join('\n    '),
      STEEP_ACCESS_LOG: this.accessLog,
    };
    return template.replace(/\$\{(STEEP_[A-Z_]+)\}/g, (_, name: string) => {
      check(values[name] !== undefined, `no value for ${name}`);
      return values[name];
    });
  }
  async start() {
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(path.join(this.dir, 'steep.conf'), this.render());
    // What the nginx image's own nginx.conf provides around conf.d: here with every path in the temp dir.
    writeFileSync(
      path.join(this.dir, 'nginx.conf'),
      [
        asRoot ? 'user root;' : '',
        'worker_processes 1;',
        'worker_rlimit_nofile 20000;',
        `pid ${this.dir}/nginx.pid;`,
        `error_log ${this.dir}/error.log warn;`,
        'events { worker_connections 16000; }',
        'http {',
        `  client_body_temp_path ${this.dir}/body;`,
        `  proxy_temp_path ${this.dir}/proxy;`,
        `  fastcgi_temp_path ${this.dir}/fastcgi;`,
        `  uwsgi_temp_path ${this.dir}/uwsgi;`,
        `  scgi_temp_path ${this.dir}/scgi;`,
        `  include ${this.dir}/steep.conf;`,
        '}',
      ].join('\n'),
    );
    const test = spawnSync('/usr/sbin/nginx', ['-t', '-p', this.dir, '-c', path.join(this.dir, 'nginx.conf')], {
      encoding: 'utf8',
    });
    check(test.status === 0, `nginx -t: ${test.stderr}`);
    this.process = spawn(
      '/usr/sbin/nginx',
      [
        '-p',
        this.dir,
        '-c',
        path.join(this.dir, 'nginx.conf'),
        '-e',
        path.join(this.dir, 'error.log'),
        '-g',
        'daemon off;',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await waitFor('nginx listening', async () => (await answers(`${this.base}/health`)) === 200);
  }
  /** Parsed access log lines: which instance (upstream port) answered which request. */
  async log(): Promise<Array<{ uri: string; status: number; upstreams: number[]; upstreamStatus: string }>> {
    const text = await readFile(this.accessLog, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const uri = /"\w+ ([^"]*)"/.exec(line)?.[1] ?? '';
        const status = Number(/" (\d{3}) /.exec(line)?.[1] ?? 0);
        // Several attempts are listed comma-and-space separated: "127.0.0.1:1, 127.0.0.1:2", "502, 200".
        const upstream = / upstream=(.*?) upstream_status=/.exec(line)?.[1] ?? '';
        const upstreams = [...upstream.matchAll(/:(\d+)/g)].map((m) => Number(m[1]));
        return { uri, status, upstreams, upstreamStatus: / upstream_status=(.*?) time=/.exec(line)?.[1] ?? '' };
      });
  }
  stop() {
    this.process?.kill('SIGQUIT');
  }
}

export class Instance {
  process: ChildProcess | undefined;
  exited: Promise<number | null> = Promise.resolve(null);
  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}
  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  /** `node --max-semi-space-size=1 scripts/start.mjs`: the command `npm start` and the Dockerfile run. Returns ms to ready. */
  async start(): Promise<number> {
    const started = Date.now();
    const child = spawn(process.execPath, ['--max-semi-space-size=1', 'scripts/start.mjs'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        MALLOC_ARENA_MAX: '2',
        // The SDK's notice that its 2027 releases need Node 22, once per instance start: noise here.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.process = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    await waitFor(
      `${this.name} ready`,
      async () => {
        check(child.exitCode === null, `${this.name} exited with ${child.exitCode}`);
        return (await answers(`${this.base}/ready`)) === 200;
      },
      90_000,
    );
    return Date.now() - started;
  }
  get alive() {
    return this.process !== undefined && this.process.exitCode === null && this.process.signalCode === null;
  }
  async rssMiB(): Promise<number> {
    const status = await readFile(`/proc/${this.process!.pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN) / 1024;
  }
  /** Established TCP connections to this instance (nginx's upstream connections: its sockets and keep-alives). */
  connections(): number {
    const out = spawnSync('ss', ['-Htn', 'state', 'established', `( sport = :${this.port} )`], { encoding: 'utf8' });
    return out.stdout.split('\n').filter(Boolean).length;
  }
  kill9() {
    this.process?.kill('SIGKILL');
  }
  sigterm() {
    this.process?.kill('SIGTERM');
  }
}

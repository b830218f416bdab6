/**
 * A server process for bench/chat.ts (forked; not run by hand). Role 'steep' runs the real app
 * (PostgreSQL at DATABASE_URL, Redis at REDIS_URL when set); role 'bare' runs the baseline: a bare
 * `ws` relay that parses each frame, echoes it to the sender and forwards it to the named peer.
 * The parent asks for memory figures (GC forced first: run with --expose-gc) and CPU time over IPC.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { WS_MAX_PAYLOAD_BYTES } from '../src/contract/realtime';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';
import { createLocalBackend, createRedisBackend } from '../src/server/realtime/backend';
import { dumpChatTrace, installChatTrace, type TraceDump } from './chat-trace';

export type ServerRequest =
  | { cmd: 'memory' }
  | { cmd: 'cpu' }
  | { cmd: 'stop' }
  | { cmd: 'profile-start' }
  | { cmd: 'profile-stop'; file: string }
  | { cmd: 'trace' };
export type ServerReply =
  | { type: 'ready'; port: number }
  | { type: 'memory'; rss: number; heapUsed: number; external: number; arrayBuffers: number }
  /** CPU time used so far, user + system, in milliseconds. */
  | { type: 'cpu'; ms: number }
  | { type: 'profiling' }
  | { type: 'profiled' }
  | { type: 'trace'; dump: TraceDump };

const send = (reply: ServerReply) => process.send?.(reply);

/**
 * A CPU profile of the measured phases only (the parent starts it after the warm-up): a profile of
 * the whole process would be mostly module loading and migrations.
 */
let profiler: Session | undefined;

async function startProfile(): Promise<void> {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}

async function stopProfile(file: string): Promise<void> {
  if (!profiler) return;
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = undefined;
  await writeFile(file, JSON.stringify(profile));
}

async function startSteep(): Promise<{ port: number; stop: () => Promise<void> }> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const quiet = { info: () => {}, warn: (obj: object, msg: string) => console.error(msg, obj) };
  const realtime = process.env.REDIS_URL
    ? await createRedisBackend(process.env.REDIS_URL, quiet)
    : createLocalBackend();
  const database = await openPostgres(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED: 'none',
    SERVE_WEB: 'false',
    // Every benchmark socket comes from 127.0.0.1 and every user sends faster than a person: the
    // per-address socket cap and the per-user message budget would measure refusals, not chat.
    SOCKETS_PER_IP: '1000000',
    RATE_LIMIT_SCALE: '1000',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'steep-bench-')),
  });
  const app = await buildApp({ config, database, realtime });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    stop: async () => {
      await app.close();
      await realtime.close();
      await database.close();
    },
  };
}

async function startBare(): Promise<{ port: number; stop: () => Promise<void> }> {
  const peers = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: WS_MAX_PAYLOAD_BYTES });
  wss.on('connection', (socket, request) => {
    const id = new URL(request.url ?? '/', 'http://bench').searchParams.get('id') ?? '';
    peers.set(id, socket);
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as { to: string };
      const out = JSON.stringify({ type: 'message', from: id, ...frame });
      socket.send(out);
      peers.get(frame.to)?.send(out);
    });
    socket.on('close', () => peers.delete(id));
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  return {
    port: (wss.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

const role = process.argv[2];
if (role === 'steep' && process.env.BENCH_TRACE) installChatTrace();
const server = role === 'bare' ? await startBare() : await startSteep();
process.on('message', (request: ServerRequest) => {
  if (request.cmd === 'memory') {
    // Twice: the first pass can leave objects only the second collects.
    globalThis.gc?.();
    globalThis.gc?.();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    send({ type: 'memory', rss, heapUsed, external, arrayBuffers });
  } else if (request.cmd === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', ms: (user + system) / 1000 });
  } else if (request.cmd === 'profile-start') {
    void startProfile().then(() => send({ type: 'profiling' }));
  } else if (request.cmd === 'profile-stop') {
    void stopProfile(request.file).then(() => send({ type: 'profiled' }));
  } else if (request.cmd === 'trace') {
    send({ type: 'trace', dump: dumpChatTrace() });
  } else if (request.cmd === 'stop') {
    void server.stop().finally(() => process.exit(0));
  }
});
send({ type: 'ready', port: server.port });

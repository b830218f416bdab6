import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { parseServerFrame, type ServerFrame, type ServerFrameType } from '../../contract/realtime';
import { createTestApp, type Client, type TestApp } from '../test/harness';

/**
 * Test-only: a real `ws` client that records every frame it receives, so a test can wait for one
 * or assert that none of a kind arrived.
 */
export interface TestSocket {
  ws: WebSocket;
  frames: ServerFrame[];
  send(frame: unknown): void;
  next<K extends ServerFrameType>(
    type: K,
    match?: (frame: ServerFrame<K>) => boolean,
    timeoutMs?: number,
  ): Promise<ServerFrame<K>>;
  /**
   * A round trip to the server (a WebSocket ping answered by its pong): every frame the server wrote
   * before answering has arrived when it resolves.
   */
  barrier(timeoutMs?: number): Promise<void>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export function wsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/ws`;
}

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(
  baseUrl: string,
  cookie: string | undefined,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const ws = new WebSocket(wsUrl(baseUrl), { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    const parsed = parseServerFrame(text);
    if (!parsed.ok) throw new Error(`server sent an invalid frame: ${text}`);
    frames.push(parsed.frame);
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters) wake();
    }),
  );
  const socket: TestSocket = {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    barrier(timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no pong within ${timeoutMs} ms`)), timeoutMs);
        ws.once('pong', () => {
          clearTimeout(timer);
          resolve();
        });
        ws.ping();
      });
    },
    next(type, match = () => true, timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const find = () =>
          frames.find((f): f is ServerFrame<typeof type> => f.type === type && match(f as ServerFrame<typeof type>));
        const check = () => {
          const found = find();
          if (found) {
            cleanup();
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close(1000);
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_request, response) => {
      reject(new UpgradeRefused(response.statusCode ?? 0));
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

export class UpgradeRefused extends Error {
  constructor(readonly status: number) {
    super(`upgrade refused with HTTP ${status}`);
  }
}

/** Opens a socket and completes the protocol's auth step. */
export async function connect(baseUrl: string, user: { id: string }, cookie: string): Promise<TestSocket> {
  const socket = await openSocket(baseUrl, cookie);
  socket.send({ type: 'auth', userId: user.id });
  await socket.next('connected');
  return socket;
}

/**
 * Waits until the app is quiet and the sockets have heard everything: the domain events' and presence
 * changes' work is done (`events.drain()`), then a round trip on each open socket. What a test then
 * finds missing was never sent.
 */
export async function settled(app: FastifyInstance, sockets: readonly TestSocket[]): Promise<void> {
  await app.events.drain();
  await Promise.all(sockets.filter((s) => s.ws.readyState === WebSocket.OPEN).map((s) => s.barrier()));
}

interface SocketTestApp {
  /** The app, listening on a random port (filled in beforeAll). */
  t: TestApp;
  baseUrl: string;
  /** A signed-in socket for her, closed after the test. */
  socketOf(client: Client): Promise<TestSocket>;
  /** Closes a socket the test opened itself after the test. */
  track(socket: TestSocket): void;
  /** `settled()` over the app and every socket the test opened. */
  settle(): Promise<void>;
}

/** A test file's app, listening for sockets; the sockets a test opens are closed after it. */
export function useSocketTestApp(): SocketTestApp {
  const open: TestSocket[] = [];
  const holder = {
    async socketOf(client: Client) {
      const socket = await connect(holder.baseUrl, client.user, client.cookie);
      open.push(socket);
      return socket;
    },
    track(socket: TestSocket) {
      open.push(socket);
    },
    settle: () => settled(holder.t.app, open),
  } as SocketTestApp;
  beforeAll(async () => {
    holder.t = await createTestApp();
    await holder.t.app.listen({ port: 0, host: '127.0.0.1' });
    holder.baseUrl = `http://127.0.0.1:${(holder.t.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  afterAll(() => holder.t.close());
  return holder;
}

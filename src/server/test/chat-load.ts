import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { FRAME_RATE } from '../../contract/realtime';

/**
 * Test-only: a small chat load run for the collapse guard (chat-collapse.api.test.ts). Pairs of
 * sockets message each other; latency is send → the partner's `message` frame, on one clock.
 * Speaks Steep's protocol, or the bare relay's (`startBareRelay`), the baseline measured in the
 * same run.
 */
export interface LoadSocket {
  ws: WebSocket;
  userId: string;
}

interface LoadResult {
  sent: number;
  /** Delivered to the partner at all, and within `withinMs`. */
  delivered: number;
  deliveredWithin: number;
  messagesPerSecond: number;
  p99Ms: number;
  errors: string[];
}

type Pair = [LoadSocket, LoadSocket];

/** A bare `ws` relay: parse, echo to the sender, forward to the named peer. No storage, no checks. */
export async function startBareRelay(): Promise<{ url: string; close: () => Promise<void> }> {
  const peers = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (socket, request) => {
    const id = new URL(request.url ?? '/', 'http://relay').searchParams.get('id') ?? '';
    peers.set(id, socket);
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as { to: string };
      const out = JSON.stringify({ type: 'message', senderId: id, message: frame });
      socket.send(out);
      peers.get(frame.to)?.send(out);
    });
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

export function openBareSocket(url: string, userId: string): Promise<LoadSocket> {
  const ws = new WebSocket(`${url}?id=${userId}`, { perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => resolve({ ws, userId }));
  });
}

export function openSteepSocket(url: string, userId: string, cookie: string): Promise<LoadSocket> {
  const ws = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      ws.once('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString('utf8')) as { type: string };
        if (frame.type !== 'connected') reject(new Error(`auth failed: ${data.toString('utf8')}`));
        else resolve({ ws, userId });
      });
      ws.send(JSON.stringify({ type: 'auth', userId }));
    });
  });
}

/**
 * steady: every member sends `perSecond` messages a second whatever happens; max: every member keeps
 * one message in flight (the next goes when her own echo arrives), just under the frame limit.
 * Resolves when every sent message has been delivered, or `drainMs` after the last send.
 */
export async function runChatLoad(options: {
  pairs: Array<{ a: LoadSocket; b: LoadSocket; matchId: string }>;
  protocol: 'steep' | 'bare';
  mode: 'steady' | 'max';
  seconds: number;
  perSecond?: number;
  withinMs: number;
  drainMs?: number;
}): Promise<LoadResult> {
  const { protocol, mode, seconds, withinMs } = options;
  // Until both the echo (to the sender) and the delivery (to the peer) arrived: they come on two sockets in either
  // order, and a max-phase sender waits for her echo, so her entry outlives an earlier delivery.
  const inFlight = new Map<string, { at: number; onEcho?: () => void; echoed: boolean; delivered: boolean }>();
  let undelivered = 0;
  const latencies: number[] = [];
  const errors: string[] = [];
  let sent = 0;
  let running = true;
  let deliveredInWindow = 0;
  let allDelivered: (() => void) | undefined;
  const listeners: Array<() => void> = [];

  const listen = (socket: LoadSocket) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString('utf8')) as {
        type: string;
        senderId?: string;
        message?: { clientMessageId?: string | null } | string;
      };
      if (frame.type === 'error') {
        errors.push(data.toString('utf8'));
        return;
      }
      if (frame.type !== 'message' || typeof frame.message !== 'object') return;
      const id = frame.message.clientMessageId ?? '';
      const pending = inFlight.get(id);
      if (!pending) return;
      if (frame.senderId === socket.userId) {
        pending.echoed = true;
        pending.onEcho?.();
      } else if (!pending.delivered) {
        pending.delivered = true;
        undelivered--;
        latencies.push(performance.now() - pending.at);
        if (running) deliveredInWindow++;
        if (!running && undelivered === 0) allDelivered?.();
      }
      if (pending.echoed && pending.delivered) inFlight.delete(id);
    };
    socket.ws.on('message', onMessage);
    listeners.push(() => socket.ws.off('message', onMessage));
  };

  const send = (from: LoadSocket, to: LoadSocket, matchId: string, onEcho?: () => void) => {
    const clientMessageId = randomUUID();
    inFlight.set(clientMessageId, { at: performance.now(), onEcho, echoed: false, delivered: false });
    undelivered++;
    sent++;
    const content = `load ${clientMessageId.slice(0, 8)}: a message about tea and weekend plans`;
    from.ws.send(
      JSON.stringify(
        protocol === 'steep'
          ? { type: 'message', matchId, content, clientMessageId }
          : { to: to.userId, content, clientMessageId },
      ),
    );
  };

  const directions = options.pairs.flatMap(({ a, b, matchId }) => [[a, b, matchId] as const, [b, a, matchId] as const]);
  for (const socket of options.pairs.flatMap(({ a, b }): Pair => [a, b])) listen(socket);
  const timers: NodeJS.Timeout[] = [];
  const startedAt = performance.now();
  if (mode === 'steady') {
    const interval = 1000 / (options.perSecond ?? 1);
    for (const [from, to, matchId] of directions) {
      // Spread over the first interval, so the load is steady rather than in waves.
      timers.push(
        setTimeout(() => {
          send(from, to, matchId);
          timers.push(setInterval(() => send(from, to, matchId), interval));
        }, Math.random() * interval),
      );
    }
  } else {
    const spacing = 1000 / (FRAME_RATE.perSecond * 0.9);
    for (const [from, to, matchId] of directions) {
      let lastAt = 0;
      const next = () => {
        if (!running) return;
        timers.push(
          setTimeout(
            () => {
              if (!running) return;
              lastAt = performance.now();
              send(from, to, matchId, next);
            },
            Math.max(0, lastAt + spacing - performance.now()),
          ),
        );
      };
      next();
    }
  }
  // The load runs for a measured window by design: this timer is the length of the measurement, not a wait for something.
  // eslint-disable-next-line steep/no-fixed-sleep
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  running = false;
  for (const timer of timers) clearTimeout(timer);
  const elapsed = (performance.now() - startedAt) / 1000;
  // The stragglers: every message is either delivered or counted as not delivered after drainMs.
  if (undelivered > 0) {
    await new Promise<void>((resolve) => {
      allDelivered = resolve;
      // A deadline, not a sleep: resolved early by the last delivery; what is still out then counts as not delivered.
      // eslint-disable-next-line steep/no-fixed-sleep
      setTimeout(resolve, options.drainMs ?? 2_000);
    });
  }
  for (const off of listeners) off();
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    sent,
    delivered: latencies.length,
    deliveredWithin: latencies.filter((ms) => ms <= withinMs).length,
    messagesPerSecond: deliveredInWindow / elapsed,
    p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? Number.POSITIVE_INFINITY,
    errors,
  };
}

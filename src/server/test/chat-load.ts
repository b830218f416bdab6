import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { FRAME_RATE } from '../../contract/realtime';

/**
 * Test-only: a small chat load run for the collapse guard (chat-collapse.api.test.ts). Pairs of
 * sockets message each other; latency is send → the partner's `message` frame, on one clock.
 * Speaks Steep's protocol, or the bare relay's (`startBareRelay`), the baseline measured in the
 * same run. How a run sends and counts (`driveChatLoad`, `MessagesInFlight`) is the benchmark's
 * too (bench/chat-client.ts).
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
 * The messages of one load run until both the echo (to the sender) and the delivery (to the peer) of each have
 * arrived. They come on two sockets in either order, and a max-phase sender waits for her echo, so an entry must
 * outlive an earlier delivery (forgetting it at the delivery once made senders stop: docs/performance.md,
 * "Session 48").
 */
export class MessagesInFlight {
  private readonly entries = new Map<
    string,
    { at: number; onEcho?: () => void; echoed: boolean; delivered: boolean }
  >();
  private undelivered = 0;
  private onAllDelivered: (() => void) | undefined;

  sent(clientMessageId: string, onEcho?: () => void): void {
    this.entries.set(clientMessageId, { at: performance.now(), onEcho, echoed: false, delivered: false });
    this.undelivered++;
  }

  /**
   * A `message` frame for it arrived, on the sender's own socket (`echo`) or on the peer's. Answers the latency
   * (send → delivered, ms) when this is its delivery.
   */
  arrived(clientMessageId: string, echo: boolean): number | undefined {
    const entry = this.entries.get(clientMessageId);
    if (!entry) return undefined;
    let latency: number | undefined;
    if (echo) {
      entry.echoed = true;
      entry.onEcho?.();
    } else if (!entry.delivered) {
      entry.delivered = true;
      latency = performance.now() - entry.at;
      if (--this.undelivered === 0) this.onAllDelivered?.();
    }
    if (entry.echoed && entry.delivered) this.entries.delete(clientMessageId);
    return latency;
  }

  /** Resolves once every message sent has been delivered, or at `deadlineMs`: what is out then was not delivered. */
  drained(deadlineMs: number): Promise<void> {
    if (this.undelivered === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      // A deadline, not a sleep: the last delivery resolves it first.
      // eslint-disable-next-line steep/no-fixed-sleep
      const deadline = setTimeout(resolve, deadlineMs);
      this.onAllDelivered = () => {
        clearTimeout(deadline);
        resolve();
      };
    });
  }
}

/**
 * Sends for `seconds` and answers how many messages went and over how long. steady: every direction sends
 * `perSecond` messages a second whatever happens, the first spread over one interval so the load is steady rather
 * than in waves. max: every direction keeps one message in flight (the next goes when her own echo arrives), just
 * under the per-socket frame limit so the server's limiter never drops a frame.
 */
export async function driveChatLoad<Direction>(
  directions: readonly Direction[],
  send: (direction: Direction, onEcho?: () => void) => void,
  options: { mode: 'steady' | 'max'; seconds: number; perSecond: number },
): Promise<{ sent: number; seconds: number }> {
  let sent = 0;
  let running = true;
  const timers: NodeJS.Timeout[] = [];
  const startedAt = performance.now();
  if (options.mode === 'steady') {
    const interval = 1000 / options.perSecond;
    const once = (direction: Direction) => {
      sent++;
      send(direction);
    };
    for (const direction of directions) {
      timers.push(
        setTimeout(() => {
          once(direction);
          timers.push(setInterval(() => once(direction), interval));
        }, Math.random() * interval),
      );
    }
  } else {
    const spacing = 1000 / (FRAME_RATE.perSecond * 0.95);
    for (const direction of directions) {
      let lastAt = 0;
      const next = () => {
        if (!running) return;
        timers.push(
          setTimeout(
            () => {
              if (!running) return;
              lastAt = performance.now();
              sent++;
              send(direction, next);
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
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  running = false;
  for (const timer of timers) clearTimeout(timer);
  return { sent, seconds: (performance.now() - startedAt) / 1000 };
}

/** A load run on pairs of sockets: `driveChatLoad`'s modes, measured send → delivered, drained for `drainMs`. */
export async function runChatLoad(options: {
  pairs: Array<{ a: LoadSocket; b: LoadSocket; matchId: string }>;
  protocol: 'steep' | 'bare';
  mode: 'steady' | 'max';
  seconds: number;
  perSecond?: number;
  withinMs: number;
  drainMs?: number;
}): Promise<LoadResult> {
  const { protocol, withinMs } = options;
  const inFlight = new MessagesInFlight();
  const latencies: number[] = [];
  const errors: string[] = [];
  let running = true;
  let deliveredInWindow = 0;
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
      const latency = inFlight.arrived(frame.message.clientMessageId ?? '', frame.senderId === socket.userId);
      if (latency === undefined) return;
      latencies.push(latency);
      if (running) deliveredInWindow++;
    };
    socket.ws.on('message', onMessage);
    listeners.push(() => socket.ws.off('message', onMessage));
  };

  const send = ([from, to, matchId]: readonly [LoadSocket, LoadSocket, string], onEcho?: () => void) => {
    const clientMessageId = randomUUID();
    inFlight.sent(clientMessageId, onEcho);
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
  const { sent, seconds } = await driveChatLoad(directions, send, {
    mode: options.mode,
    seconds: options.seconds,
    perSecond: options.perSecond ?? 1,
  });
  running = false;
  await inFlight.drained(options.drainMs ?? 2_000);
  for (const off of listeners) off();
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    sent,
    delivered: latencies.length,
    deliveredWithin: latencies.filter((ms) => ms <= withinMs).length,
    messagesPerSecond: deliveredInWindow / seconds,
    p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? Number.POSITIVE_INFINITY,
    errors,
  };
}

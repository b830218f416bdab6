/**
 * The client side of bench/chat.ts, in its own process (forked; not run by hand) so clients and
 * server do not share an event loop. It opens sockets, drives pairs of users messaging each other,
 * and measures send → delivered latency on one clock (both ends of a pair live here).
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { driveChatLoad, MessagesInFlight } from '../src/server/test/chat-load';

export interface SocketSpec {
  url: string;
  userId: string;
  cookie?: string;
  /** 'steep' speaks the real protocol (auth frame first); 'bare' the baseline relay's. */
  kind: 'steep' | 'bare';
}

export interface PairSpec {
  /** Socket indexes of the two members. */
  a: number;
  b: number;
  matchId: string;
}

export type ClientRequest =
  | { cmd: 'open'; sockets: SocketSpec[] }
  | { cmd: 'run'; pairs: PairSpec[]; mode: 'steady' | 'max'; seconds: number; perUserPerSecond: number }
  | { cmd: 'close' };

export interface RunResult {
  sent: number;
  delivered: number;
  errors: number;
  seconds: number;
  messagesPerSecond: number;
  /** Send → delivered latency in ms; null when nothing was delivered. */
  p50: number | null;
  p99: number | null;
  max: number | null;
  /** Error frames by message: a benchmark with errors measured something else. */
  errorMessages: Record<string, number>;
  /** BENCH_TRACE: per clientMessageId, [sent, delivered] in absolute ms (delivered 0 when it never came). */
  stamps?: Record<string, [number, number]>;
}

export type ClientReply =
  { type: 'opened'; opened: number; failed: number; ms: number } | ({ type: 'ran' } & RunResult) | { type: 'closed' };

interface Live {
  spec: SocketSpec;
  ws: WebSocket;
}

let sockets: Array<Live | undefined> = [];
/** The current run's messages (a frame of an earlier run finds nothing here and is not counted). */
let inFlight = new MessagesInFlight();
let latencies: number[] = [];
let delivered = 0;
let errors = 0;
const errorMessages = new Map<string, number>();
let measuring = false;
/** BENCH_TRACE: absolute wall-clock stamps, comparable with the server process's. */
const tracing = Boolean(process.env.BENCH_TRACE);
const wallClock = () => performance.timeOrigin + performance.now();
let stamps = new Map<string, [number, number]>();

const reply = (message: ClientReply) => process.send?.(message);

function onFrame(live: Live, data: Buffer): void {
  const frame = JSON.parse(data.toString('utf8')) as {
    type: string;
    senderId?: string;
    from?: string;
    clientMessageId?: string;
    message?: { clientMessageId: string | null } | string;
  };
  if (frame.type === 'error') {
    errors++;
    const text = typeof frame.message === 'string' ? frame.message : 'unknown';
    errorMessages.set(text, (errorMessages.get(text) ?? 0) + 1);
    return;
  }
  if (frame.type !== 'message') return;
  const sender = live.spec.kind === 'steep' ? frame.senderId : frame.from;
  const clientMessageId =
    (live.spec.kind === 'steep' && typeof frame.message === 'object'
      ? frame.message.clientMessageId
      : frame.clientMessageId) ?? '';
  const latency = inFlight.arrived(clientMessageId, sender === live.spec.userId);
  if (latency === undefined || !measuring) return;
  latencies.push(latency);
  delivered++;
  const traced = tracing ? stamps.get(clientMessageId) : undefined;
  if (traced) traced[1] = wallClock();
}

async function open(specs: SocketSpec[]): Promise<void> {
  const startedAt = performance.now();
  let failed = 0;
  const opening = [...specs.entries()];
  // Added to the sockets already open (until `close`): a run's pairs name members by position.
  const offset = sockets.length;
  sockets.length = offset + specs.length;
  // A hundred handshakes at a time: a brisk arrival rate without overflowing the accept backlog.
  const workers = Array.from({ length: 100 }, async () => {
    for (let next = opening.shift(); next; next = opening.shift()) {
      const [index, spec] = next;
      try {
        // By index: pairs name their members by position in `specs`.
        sockets[offset + index] = await connect(spec);
      } catch {
        failed++;
      }
    }
  });
  await Promise.all(workers);
  reply({ type: 'opened', opened: specs.length - failed, failed, ms: Math.round(performance.now() - startedAt) });
}

function connect(spec: SocketSpec): Promise<Live> {
  const url = spec.kind === 'bare' ? `${spec.url}?id=${spec.userId}` : spec.url;
  const ws = new WebSocket(url, { headers: spec.cookie ? { cookie: spec.cookie } : {}, perMessageDeflate: false });
  const live: Live = { spec, ws };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      if (spec.kind === 'bare') {
        ws.on('message', (data: Buffer) => onFrame(live, data));
        resolve(live);
        return;
      }
      ws.once('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString('utf8')) as { type: string };
        if (frame.type !== 'connected') return reject(new Error(`auth failed: ${data.toString('utf8')}`));
        ws.on('message', (next: Buffer) => onFrame(live, next));
        resolve(live);
      });
      ws.send(JSON.stringify({ type: 'auth', userId: spec.userId }));
    });
  });
}

function sendFrom(from: Live, to: Live, matchId: string, onEcho?: () => void): void {
  const clientMessageId = randomUUID();
  inFlight.sent(clientMessageId, onEcho);
  if (tracing && measuring) stamps.set(clientMessageId, [wallClock(), 0]);
  const content = `bench ${clientMessageId.slice(0, 8)}: a message about tea and weekend plans`;
  const frame =
    from.spec.kind === 'steep'
      ? { type: 'message', matchId, content, clientMessageId }
      : { to: to.spec.userId, content, clientMessageId };
  from.ws.send(JSON.stringify(frame));
}

/** One phase: `driveChatLoad`'s mode for `seconds`, then its stragglers (counted in latency, not in the rate). */
async function run(
  pairs: PairSpec[],
  mode: 'steady' | 'max',
  seconds: number,
  perUserPerSecond: number,
): Promise<void> {
  latencies = [];
  delivered = 0;
  errors = 0;
  errorMessages.clear();
  inFlight = new MessagesInFlight();
  stamps = new Map();
  const directions = pairs.flatMap((p) => [
    { from: sockets[p.a] as Live, to: sockets[p.b] as Live, matchId: p.matchId },
    { from: sockets[p.b] as Live, to: sockets[p.a] as Live, matchId: p.matchId },
  ]);
  measuring = true;
  const window = await driveChatLoad(directions, (d, onEcho) => sendFrom(d.from, d.to, d.matchId, onEcho), {
    mode,
    seconds,
    perSecond: perUserPerSecond,
  });
  const deliveredInWindow = delivered;
  await inFlight.drained(2_000);
  measuring = false;
  const sorted = [...latencies].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? null;
  reply({
    type: 'ran',
    sent: window.sent,
    delivered,
    errors,
    seconds: window.seconds,
    messagesPerSecond: deliveredInWindow / window.seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? null,
    errorMessages: Object.fromEntries(errorMessages),
    ...(tracing ? { stamps: Object.fromEntries(stamps) } : {}),
  });
}

process.on('message', (request: ClientRequest) => {
  if (request.cmd === 'open') void open(request.sockets);
  else if (request.cmd === 'run') void run(request.pairs, request.mode, request.seconds, request.perUserPerSecond);
  else {
    for (const s of sockets) s?.ws.terminate();
    sockets = [];
    reply({ type: 'closed' });
  }
});

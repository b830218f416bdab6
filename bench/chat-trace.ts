/**
 * Where a chat message waits between the socket and the fan-out, for bench/chat.ts (BENCH_TRACE=1).
 * Loaded into a Steep server process only; it patches prototypes from the outside so the app's
 * own code carries no tracing. Every stamp is absolute wall time in ms (performance.timeOrigin +
 * performance.now()), so the client process's send and receive stamps line up with these.
 *
 * Per message (joined by clientMessageId):
 *   recv     the frame arrived on her socket (SocketSession.onFrame)
 *   handle   its turn came in her socket's queue (the rate limiter is the handler's first step)
 *   limited  the rate limiter answered
 *   pool     the insert asked the connection pool for a connection
 *   sent     the insert went out on a connection
 *   stored   PostgreSQL answered (the insert is committed: autocommit)
 *   fanout   the `message` frame was published to both members
 * plus, per statement name, how many ran and their time on a connection, the pool's waiting queue
 * at each insert, and the CPU time of this process's PostgreSQL backends.
 */
/* eslint-disable @typescript-eslint/unbound-method -- this file patches prototypes' methods from outside, `this` passed on */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { UserRateLimiter } from '../src/server/http/rate-limit';
import { Hub } from '../src/server/realtime/hub';
import { SocketSession } from '../src/server/realtime/socket-session';

export interface MessageStamps {
  recv?: number;
  handle?: number;
  limited?: number;
  pool?: number;
  sent?: number;
  stored?: number;
  fanout?: number;
  poolWaiting?: number;
}

export interface TraceDump {
  messages: Record<string, MessageStamps>;
  statements: Record<string, { count: number; totalMs: number; maxMs: number }>;
  /** CPU seconds used by this process's PostgreSQL backends since the last dump (Linux /proc). */
  backendCpuMs: number;
}

const now = () => performance.timeOrigin + performance.now();
/** The statement that stores messages: one message each before group commit, a batch after. */
const INSERT_STATEMENTS = new Set(['chat_insert_text_message', 'chat_store_messages']);

/** The clientMessageIds among an insert's parameters: the one UUID-shaped value, or the batch's array of them. */
function insertIds(params: unknown): string[] {
  if (!Array.isArray(params)) return [];
  const known = (v: unknown): v is string => typeof v === 'string' && messages.has(v);
  const ids: string[] = [];
  for (const value of params) {
    if (Array.isArray(value)) ids.push(...value.filter(known));
    else if (known(value)) ids.push(value);
  }
  return ids;
}

let messages = new Map<string, MessageStamps>();
/** Per user, the ids of her frames waiting in her socket's queue, oldest first. */
const queued = new Map<string, string[]>();
let statements = new Map<string, { count: number; totalMs: number; maxMs: number }>();
const backendPids = new Set<number>();
let backendCpuAtDump = 0;

const stamp = (id: string | undefined, key: keyof MessageStamps, value = now()) => {
  if (!id) return;
  const entry = messages.get(id) ?? {};
  entry[key] ??= value;
  messages.set(id, entry);
};

export function installChatTrace(pool?: pg.Pool): void {
  const session = SocketSession.prototype as unknown as {
    onFrame: (data: Buffer, isBinary: boolean) => void;
    userId: string;
  };
  const onFrame = session.onFrame;
  session.onFrame = function (this: typeof session, data: Buffer, isBinary: boolean) {
    const text = Buffer.isBuffer(data) ? data.toString('utf8') : '';
    const id = /"type":"message".*"clientMessageId":"([^"]+)"/.exec(text)?.[1];
    if (id) {
      stamp(id, 'recv');
      const list = queued.get(this.userId) ?? [];
      list.push(id);
      queued.set(this.userId, list);
    }
    return onFrame.call(this, data, isBinary);
  };

  const take = UserRateLimiter.prototype.take;
  UserRateLimiter.prototype.take = async function (userId, bucket) {
    const id = bucket === 'messages' ? queued.get(userId)?.shift() : undefined;
    stamp(id, 'handle');
    try {
      return await take.call(this, userId, bucket);
    } finally {
      stamp(id, 'limited');
    }
  };

  const emitToUser = Hub.prototype.emitToUser;
  Hub.prototype.emitToUser = function (this: Hub, userIds, type, payload) {
    if (type === 'message') {
      const id =
        (payload as unknown as { message: { clientMessageId: string | null } }).message.clientMessageId ?? undefined;
      stamp(id, 'fanout');
    }
    emitToUser.call(this, userIds, type, payload);
  };

  const poolQuery = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const config = args[0] as { name?: string } | string;
    if (typeof config === 'object' && INSERT_STATEMENTS.has(config.name ?? '')) {
      for (const id of insertIds(args[1])) {
        stamp(id, 'pool');
        stamp(id, 'poolWaiting', this.waitingCount);
      }
    }
    return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Pool.prototype.query;

  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client & { processID?: number }, ...args: unknown[]) {
    if (this.processID) backendPids.add(this.processID);
    const config = args[0] as { name?: string; text?: string } | string;
    const text = typeof config === 'object' ? (config.text ?? '') : config;
    const name =
      typeof config === 'object' && config.name ? config.name : `unnamed: ${text.replace(/\s+/g, ' ').slice(0, 60)}`;
    const ids = INSERT_STATEMENTS.has(name) ? insertIds(args[1]) : [];
    const startedAt = now();
    for (const id of ids) stamp(id, 'sent', startedAt);
    const done = () => {
      const at = now();
      for (const id of ids) stamp(id, 'stored', at);
      const s = statements.get(name) ?? { count: 0, totalMs: 0, maxMs: 0 };
      s.count++;
      s.totalMs += at - startedAt;
      s.maxMs = Math.max(s.maxMs, at - startedAt);
      statements.set(name, s);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...cbArgs: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...cbArgs);
      };
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    }
    const result = (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).then(done, done);
    }
    return result;
  } as typeof pg.Client.prototype.query;
  void pool;
  backendCpuAtDump = backendCpuMs();
}

/** utime + stime of the backends this process has used, in ms (clock ticks are 10 ms on Linux). */
function backendCpuMs(): number {
  let ticks = 0;
  for (const pid of backendPids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      backendPids.delete(pid);
    }
  }
  return ticks * 10;
}

/** Everything since the last dump, then a fresh start. */
export function dumpChatTrace(): TraceDump {
  const cpu = backendCpuMs();
  const dump: TraceDump = {
    messages: Object.fromEntries(messages),
    statements: Object.fromEntries(statements),
    backendCpuMs: cpu - backendCpuAtDump,
  };
  backendCpuAtDump = cpu;
  messages = new Map();
  statements = new Map();
  queued.clear();
  return dump;
}

import type { Redis } from 'ioredis';
import { Listeners, type BusMessage, type RealtimeBus } from './bus';

export const BUS_CHANNEL = 'steep:realtime';

/**
 * The wire format of one publish: the publishing instance (which has already delivered to its own
 * sockets) on the first line, then every message published in the same turn of the event loop, one
 * or two lines each:
 *   f<userId>,<userId>…  then the frame's data as is, on the next line;
 *   j<the message as JSON>  for everything else.
 * Frames are JSON text (`serialise`), which never holds a raw line break, so a frame crosses Redis
 * without being escaped into another JSON string and parsed back out on every instance.
 *
 * Instances of the previous version publish and expect one JSON envelope per message: this reads
 * theirs, but they cannot read this format: during a rolling upgrade their sockets miss frames from
 * upgraded instances until the upgrade restarts them (their clients then reconnect and refetch).
 */
const FRAME = 'f';
const OTHER = 'j';

/** What instances of the previous version publish: one message per publish, as JSON. */
interface LegacyEnvelope {
  o: string;
  m: BusMessage;
}

function encode(instanceId: string, messages: readonly BusMessage[]): string {
  let out = instanceId;
  for (const message of messages) {
    // A frame that is not one line (never one from `serialise`) still crosses, as JSON.
    out +=
      message.kind === 'frame' && !message.data.includes('\n')
        ? `\n${FRAME}${message.userIds.join(',')}\n${message.data}`
        : `\n${OTHER}${JSON.stringify(message)}`;
  }
  return out;
}

/** The messages of one publish, unless `instanceId` published them. */
function decode(raw: string, instanceId: string): BusMessage[] {
  if (raw.startsWith('{')) {
    const envelope = JSON.parse(raw) as LegacyEnvelope;
    return envelope.o === instanceId ? [] : [envelope.m];
  }
  const lines = raw.split('\n');
  if (lines[0] === instanceId) return [];
  const messages: BusMessage[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith(FRAME)) {
      const data = lines[++i];
      if (data === undefined) throw new Error('realtime bus: a frame without its data');
      messages.push({ kind: 'frame', userIds: line.slice(1).split(','), data });
    } else if (line.startsWith(OTHER)) {
      messages.push(JSON.parse(line.slice(1)) as BusMessage);
    } else {
      throw new Error('realtime bus: unknown line');
    }
  }
  return messages;
}

/**
 * Redis pub/sub between instances. One channel carries everything and each instance keeps what
 * concerns its own sockets: simple, and cheap while instances are few (see
 * docs/decisions/0005-realtime-chat.md for when to shard).
 *
 * Publishing never waits for Redis: local sockets get the frame at once, and when Redis is down the
 * publish fails fast (no offline queue to grow) — the message is already stored, and clients on
 * other instances catch up through the API when `onGap` makes them reconnect.
 *
 * What is published in one turn of the event loop goes out as one PUBLISH (in order): at chat
 * volume that is one command, one syscall and one wake-up of every subscriber for a handful of
 * frames instead of one each.
 */
export function createRedisBus(options: {
  publisher: Redis;
  subscriber: Redis;
  instanceId: string;
  onError: (error: unknown) => void;
}): RealtimeBus & { ready: Promise<void> } {
  const { publisher, subscriber, instanceId, onError } = options;
  const listeners = new Listeners<[BusMessage]>(onError);
  const gapListeners = new Listeners<[]>(onError);

  subscriber.on('message', (_channel: string, raw: string) => {
    let messages: BusMessage[];
    try {
      messages = decode(raw, instanceId);
    } catch (error) {
      onError(error);
      return;
    }
    for (const message of messages) listeners.call(message);
  });

  // The first 'ready' is the start; any later one follows a lost connection, during which messages
  // from other instances went nowhere. ioredis turns 'ready' before its own re-subscribe is answered, so
  // the gap is announced once this SUBSCRIBE is: from then on nothing published is missed.
  let connectedBefore = false;
  let subscribed = false;
  subscriber.on('close', () => {
    subscribed = false;
  });
  subscriber.on('ready', () => {
    if (!connectedBefore) {
      connectedBefore = true;
      return;
    }
    subscriber.subscribe(BUS_CHANNEL).then(() => {
      subscribed = true;
      gapListeners.call();
    }, onError);
  });

  const ready = subscriber.subscribe(BUS_CHANNEL).then(() => {
    subscribed = true;
  });

  let pending: BusMessage[] = [];
  // Redis answers one connection's commands in order: the newest PUBLISH answered means all earlier ones were.
  let lastPublish: Promise<void> = Promise.resolve();
  let nextFlush: { promise: Promise<void>; resolve: (published: Promise<void>) => void } | undefined;
  const flush = () => {
    const batch = pending;
    pending = [];
    lastPublish = publisher.publish(BUS_CHANNEL, encode(instanceId, batch)).then(() => {}, onError);
    nextFlush?.resolve(lastPublish);
    nextFlush = undefined;
  };

  return {
    ready,
    publish(message) {
      listeners.call(message);
      // After this turn's I/O callbacks: every frame they publish joins this batch.
      if (pending.length === 0) setImmediate(flush);
      pending.push(message);
    },
    subscribe: (listener) => listeners.add(listener),
    onGap: (listener) => gapListeners.add(listener),
    connected: () => subscribed && subscriber.status === 'ready',
    delivered() {
      if (pending.length === 0) return lastPublish;
      if (!nextFlush) {
        let resolve: (published: Promise<void>) => void = () => {};
        const promise = new Promise<void>((done) => (resolve = done));
        nextFlush = { promise, resolve };
      }
      return nextFlush.promise;
    },
    async close() {
      await subscriber.unsubscribe(BUS_CHANNEL).catch(() => {});
    },
  };
}

import type { Redis } from 'ioredis';
import { Listeners, type BusMessage, type RealtimeBus } from './bus';

export const BUS_CHANNEL = 'steep:realtime';

interface Envelope {
  /** The publishing instance, which has already delivered to its own sockets. */
  o: string;
  m: BusMessage;
}

/**
 * Redis pub/sub between instances. One channel carries everything and each instance keeps what
 * concerns its own sockets: simple, and cheap while instances are few (see
 * docs/decisions/0005-realtime-chat.md for when to shard).
 *
 * Publishing never waits for Redis: local sockets get the frame at once, and when Redis is down the
 * publish fails fast (no offline queue to grow) — the message is already stored, and clients on
 * other instances catch up through the API when `onGap` makes them reconnect.
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
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch (error) {
      onError(error);
      return;
    }
    if (envelope.o !== instanceId) listeners.call(envelope.m);
  });

  // The first 'ready' is the start; any later one follows a lost connection, during which frames
  // from other instances went nowhere.
  let connectedBefore = false;
  subscriber.on('ready', () => {
    if (connectedBefore) gapListeners.call();
    connectedBefore = true;
  });

  const ready = subscriber.subscribe(BUS_CHANNEL).then(() => undefined);

  return {
    ready,
    publish(message) {
      listeners.call(message);
      publisher.publish(BUS_CHANNEL, JSON.stringify({ o: instanceId, m: message } satisfies Envelope)).catch(onError);
    },
    subscribe: (listener) => listeners.add(listener),
    onGap: (listener) => gapListeners.add(listener),
    async close() {
      await subscriber.unsubscribe(BUS_CHANNEL).catch(() => {});
    },
  };
}

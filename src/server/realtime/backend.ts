import { randomUUID } from 'node:crypto';
import { createLocalBus, type RealtimeBus } from './bus';
import { createLocalPresence, createRedisPresence, type PresenceStore } from './presence';
import { createRedisBus } from './redis-bus';

/** What the real-time layer shares with other instances: the frame bus and who is online. */
export interface RealtimeBackend {
  kind: 'local' | 'redis';
  bus: RealtimeBus;
  presence: PresenceStore;
  close(): Promise<void>;
}

export function createLocalBackend(): RealtimeBackend {
  return { kind: 'local', bus: createLocalBus(), presence: createLocalPresence(), close: async () => {} };
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Waiting longer for Redis at boot would only delay the API, which works without it. */
const BOOT_WAIT_MS = 5_000;
/** One line per kind of Redis trouble per interval, not one per failed command. */
const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * Redis pub/sub + presence leases. A Redis outage never takes the process down: ioredis keeps
 * reconnecting, errors are logged (throttled), and publishing degrades to this instance's sockets.
 */
export async function createRedisBackend(url: string, log: Logger): Promise<RealtimeBackend> {
  // ioredis (about 20 MiB) loads only when Redis is configured.
  const { Redis } = await import('ioredis');
  const instanceId = randomUUID();
  let lastLogged = 0;
  const onError = (error: unknown) => {
    const now = Date.now();
    if (now - lastLogged < ERROR_LOG_INTERVAL_MS) return;
    lastLogged = now;
    log.warn({ err: error }, 'realtime: Redis error (real-time delivery to other instances is degraded)');
  };
  const connectionOptions = {
    // Commands fail at once while disconnected instead of piling up in memory.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 5_000),
  };
  const publisher = new Redis(url, { ...connectionOptions, connectionName: `steep-pub-${instanceId}` });
  // The subscriber holds its one SUBSCRIBE until Redis answers, however long that takes (ioredis
  // re-subscribes by itself after later reconnects).
  const subscriber = new Redis(url, {
    retryStrategy: connectionOptions.retryStrategy,
    maxRetriesPerRequest: null,
    connectionName: `steep-sub-${instanceId}`,
  });
  publisher.on('error', onError);
  subscriber.on('error', onError);

  const bus = createRedisBus({ publisher, subscriber, instanceId, onError });
  const presence = createRedisPresence(publisher, instanceId, onError);

  const publisherReady = new Promise<void>((resolve) => publisher.once('ready', () => resolve()));
  const ready = Promise.all([bus.ready, publisherReady]).then(() => true);
  const timedOut = new Promise<false>((resolve) => setTimeout(() => resolve(false), BOOT_WAIT_MS).unref());
  if (await Promise.race([ready, timedOut])) {
    log.info({ instanceId }, 'realtime: connected to Redis');
  } else {
    log.warn({ instanceId }, 'realtime: Redis not reachable yet; serving this instance alone until it is');
  }

  return {
    kind: 'redis',
    bus,
    presence,
    async close() {
      await presence.close();
      await bus.close();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

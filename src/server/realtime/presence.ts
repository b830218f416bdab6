import type { Redis } from 'ioredis';

/**
 * Who has at least one socket open, on any instance. The hub calls `join` when an instance gets a
 * user's first socket and `leave` when it closes her last one; the answers say whether she went
 * online or offline everywhere, which is when her partners hear `online_status`.
 */
export interface PresenceStore {
  /** Resolves true when no instance held a socket of hers before. */
  join(userId: string): Promise<boolean>;
  /** Resolves true when no instance holds a socket of hers any more. */
  leave(userId: string): Promise<boolean>;
  /** The subset of `userIds` online right now: what presenters should show as `isOnline`. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/** One instance: its own sockets are the whole truth. */
export function createLocalPresence(): PresenceStore {
  const online = new Set<string>();
  return {
    join: async (userId) => {
      const first = !online.has(userId);
      online.add(userId);
      return first;
    },
    leave: async (userId) => online.delete(userId),
    onlineAmong: async (userIds) => new Set(userIds.filter((id) => online.has(id))),
    close: async () => online.clear(),
  };
}

/** An instance renews its leases this often; a crashed instance's users drop out after LEASE_MS. */
const LEASE_RENEW_MS = 10_000;
export const LEASE_MS = 30_000;
const keyOf = (userId: string) => `steep:presence:${userId}`;

/**
 * Several instances: per user, a sorted set of the instances holding her sockets, each scored with
 * a lease expiry that the instance renews while it lives. A crashed instance cannot leave anyone
 * online for longer than LEASE_MS, and no shared counter can drift.
 *
 * When Redis is unreachable, presence degrades to what this instance knows (its own sockets);
 * joins and leaves are then announced as if they were the first/last, which errs on telling.
 */
export function createRedisPresence(
  redis: Redis,
  instanceId: string,
  onError: (error: unknown) => void,
): PresenceStore {
  const local = new Set<string>();
  const renew = async () => {
    if (local.size === 0) return;
    const expiry = Date.now() + LEASE_MS;
    const pipeline = redis.pipeline();
    for (const userId of local) {
      pipeline.zadd(keyOf(userId), expiry, instanceId).pexpire(keyOf(userId), LEASE_MS * 2);
    }
    await pipeline.exec();
  };
  const timer = setInterval(() => renew().catch(onError), LEASE_RENEW_MS);
  timer.unref();

  return {
    async join(userId) {
      local.add(userId);
      const now = Date.now();
      try {
        const results = await redis
          .multi()
          .zremrangebyscore(keyOf(userId), '-inf', now)
          .zrem(keyOf(userId), instanceId)
          .zcard(keyOf(userId))
          .zadd(keyOf(userId), now + LEASE_MS, instanceId)
          .pexpire(keyOf(userId), LEASE_MS * 2)
          .exec();
        return Number(results?.[2]?.[1] ?? 0) === 0;
      } catch (error) {
        onError(error);
        return true;
      }
    },
    async leave(userId) {
      local.delete(userId);
      try {
        const results = await redis
          .multi()
          .zrem(keyOf(userId), instanceId)
          .zremrangebyscore(keyOf(userId), '-inf', Date.now())
          .zcard(keyOf(userId))
          .exec();
        return Number(results?.[2]?.[1] ?? 0) === 0;
      } catch (error) {
        onError(error);
        return true;
      }
    },
    async onlineAmong(userIds) {
      // A socket on this instance answers for her (its lease is ours, renewed while it lives): Redis is asked only
      // about the others. Every message asks about its recipient, and most are on the sender's instance.
      const online = new Set(userIds.filter((id) => local.has(id)));
      const elsewhere = userIds.filter((id) => !local.has(id));
      if (elsewhere.length === 0) return online;
      try {
        const now = Date.now();
        const pipeline = redis.pipeline();
        for (const userId of elsewhere) pipeline.zcount(keyOf(userId), now, '+inf');
        const results = (await pipeline.exec()) ?? [];
        elsewhere.forEach((userId, i) => {
          if (Number(results[i]?.[1] ?? 0) > 0) online.add(userId);
        });
        return online;
      } catch (error) {
        onError(error);
        return online;
      }
    },
    async close() {
      clearInterval(timer);
      if (local.size === 0) return;
      const pipeline = redis.pipeline();
      for (const userId of local) pipeline.zrem(keyOf(userId), instanceId);
      local.clear();
      await pipeline.exec().catch(onError);
    },
  };
}

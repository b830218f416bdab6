import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitBucket } from '../../contract/api/define';
import { tooManyRequests } from './errors';
import { localText } from '../i18n';

/**
 * Per-user write budgets, one per kind of write, shared by every transport (HTTP and the socket
 * take from the same bucket) and — with Redis — by every instance. How to attach a route:
 * docs/decisions/0012-hardening.md.
 *
 * Token buckets: `burst` writes at once, refilled at `perMinute`. Generous for a person, tight for
 * a script. Product rules (daily like allowance, 5 stories a day) are not rate limits and stay in
 * their features.
 */
export const USER_LIMITS = {
  /** Chat messages over HTTP and the socket together. */
  messages: { burst: 30, perMinute: 60 },
  /** Likes, passes, super likes and their undo. */
  swipes: { burst: 60, perMinute: 60 },
  reports: { burst: 5, perMinute: 1 },
  /** Replies on Tea stories: a conversation's pace, not a flood (product §2 "Tea"). */
  replies: { burst: 10, perMinute: 6 },
  blocks: { burst: 10, perMinute: 6 },
  /** Photo uploads (and later verification selfies, event covers): each costs an image decode. */
  uploads: { burst: 10, perMinute: 4 },
  /**
   * A new code mailed to the address waiting for one: each lands in someone's inbox and brings five new guesses,
   * so three at once, then one every five minutes.
   */
  codes: { burst: 3, perMinute: 0.2 },
  /** Profile, status, filters, settings. */
  profile: { burst: 20, perMinute: 20 },
  /** Every other state-changing /api request that names no bucket. */
  writes: { burst: 60, perMinute: 60 },
  /** GETs of other members' data (their badges, their profile): enough for browsing, not for polling. */
  reads: { burst: 120, perMinute: 60 },
} as const satisfies Record<RateLimitBucket, { burst: number; perMinute: number }>;

export type LimitBucket = RateLimitBucket;

interface LimitStore {
  /** Takes one token; answers the milliseconds to wait, 0 when the token was granted. */
  take(key: string, capacity: number, perSecond: number): Promise<number>;
  readonly kind: 'memory' | 'redis';
}

/** This process's buckets: exact for one instance. */
export function createMemoryLimitStore(now: () => number = () => performance.now()): LimitStore {
  const buckets = new Map<string, { tokens: number; at: number }>();
  let sweepAt = now() + 60_000;
  return {
    kind: 'memory',
    async take(key, capacity, perSecond) {
      const time = now();
      if (time > sweepAt) {
        // A bucket refilled to capacity carries no information: drop it.
        for (const [k, b] of buckets) if (b.tokens + ((time - b.at) / 1000) * perSecond >= capacity) buckets.delete(k);
        sweepAt = time + 60_000;
      }
      const bucket = buckets.get(key) ?? { tokens: capacity, at: time };
      bucket.tokens = Math.min(capacity, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
      bucket.at = time;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.ceil(((1 - bucket.tokens) / perSecond) * 1000);
    },
  };
}

/** One round trip, atomic, on Redis's clock so instances agree. */
const TAKE_SCRIPT = `
local cap = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local v = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(v[1]) or cap
local updated = tonumber(v[2]) or now
tokens = math.min(cap, tokens + math.max(0, now - updated) / 1000 * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / rate * 1000) end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'u', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(cap / rate * 1000) + 1000)
return wait
`;

/**
 * Buckets in Redis, shared by all instances. While Redis is unreachable each instance falls back
 * to its own buckets: limits loosen to instances × budget for the outage, writes keep working.
 */
export function createRedisLimitStore(redis: Redis, onError: (error: unknown) => void): LimitStore {
  const fallback = createMemoryLimitStore();
  return {
    kind: 'redis',
    async take(key, capacity, perSecond) {
      try {
        const wait = await redis.eval(TAKE_SCRIPT, 1, `steep:limit:${key}`, capacity, perSecond);
        return Number(wait);
      } catch (error) {
        onError(error);
        return fallback.take(key, capacity, perSecond);
      }
    },
  };
}

export class UserRateLimiter {
  constructor(
    private readonly store: LimitStore,
    /** Multiplies every budget (tests raise it; 1 in production). */
    private readonly scale = 1,
  ) {}

  /** Takes one write from her budget, or throws 429 with Retry-After. */
  async take(userId: string, bucket: LimitBucket): Promise<void> {
    const { burst, perMinute } = USER_LIMITS[bucket];
    const waitMs = await this.store.take(`${bucket}:${userId}`, burst * this.scale, (perMinute * this.scale) / 60);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      throw tooManyRequests(localText('youAreDoingThat', { seconds }), seconds);
    }
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing /api request by a signed-in user takes from a budget: its declaration's
 * `limit:` bucket (src/contract/api), or `writes`. `limit: false` opts a route out (logout).
 */
export function installUserRateLimits(app: FastifyInstance, limiter: UserRateLimiter): void {
  app.decorate('userLimits', limiter);
  // preValidation: a malformed write costs from the budget too (it still costs the server).
  // A callback hook: most reads take from no budget, and skip without a promise.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.session) return done();
    const bucket = request.routeOptions.config.declaration?.limit;
    if (bucket === false) return done();
    // A read takes from a budget only when its declaration names one (`reads`).
    if (SAFE_METHODS.has(request.method) && bucket === undefined) return done();
    limiter.take(request.session.userId, bucket ?? 'writes').then(() => done(), done);
  });
}

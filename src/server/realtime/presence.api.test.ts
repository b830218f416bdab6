import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalPresence, createRedisPresence, LEASE_MS } from './presence';

describe('local presence', () => {
  it('is online between join and leave, and reports the transitions', async () => {
    const presence = createLocalPresence();
    const [ana, bea] = [randomUUID(), randomUUID()];
    expect(await presence.join(ana)).toBe(true);
    expect(await presence.join(ana)).toBe(false);
    expect(await presence.onlineAmong([ana, bea])).toEqual(new Set([ana]));
    expect(await presence.leave(ana)).toBe(true);
    expect(await presence.onlineAmong([ana, bea])).toEqual(new Set());
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('Redis presence across instances', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL as string);
  afterAll(() => redis.quit());
  const fail = (error: unknown) => {
    throw error;
  };

  it('counts a user online while any instance holds her, and offline after the last leaves', async () => {
    const [a, b] = [createRedisPresence(redis, randomUUID(), fail), createRedisPresence(redis, randomUUID(), fail)];
    const ana = randomUUID();
    expect(await a.join(ana)).toBe(true);
    expect(await b.join(ana)).toBe(false);
    expect(await b.onlineAmong([ana, randomUUID()])).toEqual(new Set([ana]));
    expect(await a.leave(ana)).toBe(false);
    expect(await a.onlineAmong([ana])).toEqual(new Set([ana]));
    expect(await b.leave(ana)).toBe(true);
    expect(await a.onlineAmong([ana])).toEqual(new Set());
    await Promise.all([a.close(), b.close()]);
  });

  it('answers for a member with a socket here without asking Redis, and asks Redis about the others', async () => {
    const here = createRedisPresence(redis, randomUUID(), fail);
    const there = createRedisPresence(redis, randomUUID(), fail);
    const [ana, bea, cam] = [randomUUID(), randomUUID(), randomUUID()];
    await here.join(ana);
    await there.join(bea);
    const monitor = await redis.duplicate().monitor();
    const asked: string[] = [];
    let pinged = false;
    monitor.on('monitor', (_time: string, args: string[]) => {
      const command = args[0]?.toLowerCase();
      if (command === 'zcount') asked.push(args[1] ?? '');
      if (command === 'ping') pinged = true;
    });
    expect(await here.onlineAmong([ana, bea, cam])).toEqual(new Set([ana, bea]));
    // MONITOR reports commands in the order Redis ran them: once this PING is reported, every zcount above is.
    await redis.ping();
    await expect.poll(() => pinged, { timeout: 2_000 }).toBe(true);
    expect(asked.sort()).toEqual([`steep:presence:${bea}`, `steep:presence:${cam}`].sort());
    monitor.disconnect();
    await Promise.all([here.close(), there.close()]);
  });

  it('lets the lease of a crashed instance run out instead of keeping her online', async () => {
    const crashed = randomUUID();
    const ana = randomUUID();
    // What a crashed instance leaves behind: a lease it will never renew, already past its expiry.
    await redis.zadd(`steep:presence:${ana}`, Date.now() - 1, crashed);
    const live = createRedisPresence(redis, randomUUID(), fail);
    expect(await live.onlineAmong([ana])).toEqual(new Set());
    expect(await live.join(ana)).toBe(true);
    expect(await redis.zscore(`steep:presence:${ana}`, crashed)).toBeNull();
    expect(Number(await redis.pttl(`steep:presence:${ana}`))).toBeGreaterThan(LEASE_MS);
    await live.close();
    expect(await live.onlineAmong([ana])).toEqual(new Set());
  });
});

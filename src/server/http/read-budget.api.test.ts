import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRouteDeclarations } from '../../contract/api';
import { createTestApp, signUp, type TestApp } from '../test/harness';
import { USER_LIMITS } from './rate-limit';

/** Reads of other members' data take from a per-user budget (polling could mine them). */
describe('per-user read budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => t.close());

  it('the reads of other members’ badges and profiles declare the budget', () => {
    const reads = allRouteDeclarations()
      .filter((d) => d.limit === 'reads')
      .map((d) => `${d.method} ${d.path}`);
    expect(reads).toEqual(
      expect.arrayContaining(['GET /api/badges/earned', 'GET /api/users/:id/badges', 'GET /api/users/:id']),
    );
  });

  it(`answers 429 with Retry-After after a burst of ${USER_LIMITS.reads.burst} reads, per member`, async () => {
    const poller = await signUp(t.app);
    const other = await signUp(t.app);
    const url = `/api/badges/earned?userIds=${other.user.id}`;
    const statuses: number[] = [];
    for (let i = 0; i < USER_LIMITS.reads.burst; i++) statuses.push((await poller.request('GET', url)).statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // The bucket refills at perMinute/60 a second while the burst is sent: a few more pass, then 429.
    let limited = await poller.request('GET', url);
    for (let extra = 0; limited.statusCode === 200 && extra < 30; extra++) limited = await poller.request('GET', url);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another member's budget is her own.
    expect((await other.request('GET', `/api/badges/earned?userIds=${poller.user.id}`)).statusCode).toBe(200);
  });
});

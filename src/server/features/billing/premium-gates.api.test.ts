import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FREE_DAILY_LIKES } from '../../../contract/discovery';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { feedIds, member, swipe } from '../../test/members';
import { clock, details, premium, runJobs, subscribe } from '../../test/billing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let time: ReturnType<typeof clock> | undefined;
afterEach(() => {
  time?.restore();
  time = undefined;
});

const here = { location: 'Boise, Idaho' };

/** Every Premium gate, as seen by her right now: true = open. */
async function gates(a: Client, targets: Client[]) {
  const [first, second] = targets;
  if (!first || !second) throw new Error('two targets needed');
  const superLike = await swipe(a, first, true, true);
  const superLike2 = await swipe(a, second, true, true);
  const undo = await a.request('DELETE', `/api/likes/${superLike2.json().like?.id ?? superLike.json().like?.id}`);
  const ghost = await a.request('POST', `/api/users/${a.user.id}/ghost-mode`, { ghostMode: true });
  if (ghost.statusCode === 200) await a.request('POST', `/api/users/${a.user.id}/ghost-mode`, { ghostMode: false });
  const potential = await a.request('GET', '/api/notifications/potential-matches');
  return {
    secondSuperLike: superLike2.statusCode === 201,
    undo: undo.statusCode === 200,
    ghost: ghost.statusCode === 200,
    potentialMatches: potential.statusCode === 200,
  };
}

describe('Premium gates open and close with the subscription', () => {
  it('likes, super likes, undo, ghost mode, potential matches and boost follow her subscription', async () => {
    const a = await signUp(t.app, here);
    time = clock(() => [a]);
    const others = await Promise.all(Array.from({ length: FREE_DAILY_LIKES + 8 }, () => member(t, here)));
    let next = 0;
    const take = (n: number) => others.slice(next, (next += n));

    // Free: 10 likes a day, 1 super like a week, no undo, ghost, potential matches or boost.
    for (const other of take(FREE_DAILY_LIKES)) expect((await swipe(a, other)).statusCode).toBe(201);
    const [over] = take(1);
    if (!over) throw new Error('no member left');
    const limited = await swipe(a, over);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Daily limit reached/);
    expect(await gates(a, take(2))).toEqual({
      secondSuperLike: false,
      undo: false,
      ghost: false,
      potentialMatches: false,
    });
    expect((await a.request('POST', '/api/boost')).statusCode).toBe(403);

    // Premium: all open.
    await subscribe(a);
    expect((await swipe(a, over)).statusCode).toBe(201);
    expect(await gates(a, take(2))).toEqual({ secondSuperLike: true, undo: true, ghost: true, potentialMatches: true });
    expect((await a.request('POST', '/api/boost')).statusCode).toBe(200);
    expect((await a.request('POST', `/api/users/${a.user.id}/ghost-mode`, { ghostMode: true })).statusCode).toBe(200);

    // Cancelled and past the period end: closed again; ghost mode and the boost are gone.
    const cancelled = await a.request('POST', '/api/billing/cancel');
    const end = new Date(cancelled.json().subscription.currentPeriodEnd);
    await time.travelTo(new Date(end.getTime() + 60_000));
    expect(await premium(a)).toBe(false);
    await runJobs(t);
    const me = (await a.request('GET', '/api/auth/me')).json();
    expect(me).toMatchObject({ hasActiveSubscription: false, ghostMode: false });
    expect((await details(a)).boost).toEqual({ activeUntil: null, nextAvailableAt: null, available: false });
    expect((await a.request('POST', '/api/boost')).statusCode).toBe(403);
    // (The daily like budget is counted by the database's clock, which a test cannot move on
    // PostgreSQL; the limit itself is shown closed and open above.)
    const rest = await Promise.all([member(t, here), member(t, here)]);
    expect(await gates(a, rest)).toMatchObject({
      undo: false,
      ghost: false,
      potentialMatches: false,
    });
  });
});

describe('Profile Boost in discovery', () => {
  it('ranks a boosted profile above an otherwise equal one for 30 minutes, then not', async () => {
    const place = { location: 'Lincoln, Nebraska', interests: ['Yoga'], bio: 'Same profile, same score' };
    const viewer = await member(t, place);
    const x = await member(t, place);
    const y = await member(t, place);
    time = clock(() => [viewer, x, y]);
    await subscribe(x);
    await subscribe(y);
    const before = await feedIds(viewer);
    expect(before).toHaveLength(2);
    const [, second] = before;
    const lower = second === x.user.id ? x : y;
    // Premium alone does not lift her: only a running boost does.
    expect(before.indexOf(lower.user.id)).toBe(1);

    expect((await lower.request('POST', '/api/boost')).statusCode).toBe(200);
    expect((await feedIds(viewer))[0]).toBe(lower.user.id);

    await time.travelTo(new Date(Date.now() + 30 * 60_000 + 1000));
    expect(await feedIds(viewer)).toEqual(before);
  });

  it('stops counting the moment Premium ends, before any job runs', async () => {
    const place = { location: 'Tulsa, Oklahoma', interests: ['Hiking'], bio: 'Same profile, same score' };
    const viewer = await member(t, place);
    const x = await member(t, place);
    const y = await member(t, place);
    time = clock(() => [viewer, x, y]);
    await subscribe(x);
    await subscribe(y);
    const before = await feedIds(viewer);
    const lower = before[1] === x.user.id ? x : y;
    const other = lower === x ? y : x;
    // Her boost starts 10 minutes before her cancelled period ends; the other renews.
    const cancelled = await lower.request('POST', '/api/billing/cancel');
    const end = new Date(cancelled.json().subscription.currentPeriodEnd);
    await time.travelTo(new Date(end.getTime() - 10 * 60_000));
    expect((await lower.request('POST', '/api/boost')).statusCode).toBe(200);
    expect((await feedIds(viewer))[0]).toBe(lower.user.id);
    await time.travelTo(new Date(end.getTime() + 1000));
    expect(await premium(other)).toBe(true);
    expect((await feedIds(viewer))[0]).toBe(other.user.id);
  });
});

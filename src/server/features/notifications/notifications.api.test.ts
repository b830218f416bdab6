import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  block,
  like,
  member,
  plantPrivateData,
  premiumMember,
  PRIVATE_PATTERN,
  setGhost,
  setProfile,
  swipe,
} from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('likes received', () => {
  it('shows a premium member who liked her, newest first, with public fields only', async () => {
    const me = await premiumMember(t);
    const first = await member(t, { email: 'first@example.com', age: 27, location: 'Salem, Oregon' });
    const second = await member(t);
    await plantPrivateData(t, first);
    await like(first, me);
    expect((await swipe(second, me, true, true)).statusCode).toBe(201);

    const response = await me.request('GET', '/api/notifications/likes-received');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 2, locked: false });
    expect(body.entries.map((e: { id: string }) => e.id)).toEqual([second.user.id, first.user.id]);
    expect(body.entries[0].isSuperLike).toBe(true);
    expect(body.entries[1]).toMatchObject({ name: first.user.name, age: 27, location: 'Salem, Oregon', photos: [] });
    expect(Object.keys(body.entries[1]).sort()).toEqual([
      'age',
      'createdAt',
      'id',
      'isSuperLike',
      'location',
      'mode',
      'name',
      'photos',
    ]);
    expect(response.body).not.toMatch(PRIVATE_PATTERN);
    expect(response.body).not.toContain('first@example.com');
  });

  it('gives a free member the count and locked placeholders, never who', async () => {
    const me = await member(t);
    const admirers = await Promise.all([member(t), member(t), member(t)]);
    for (const admirer of admirers) await like(admirer, me);
    const response = await me.request('GET', '/api/notifications/likes-received');
    expect(response.json()).toEqual({ count: 3, locked: true, entries: [], itemLikes: [] });
    for (const admirer of admirers) expect(response.body).not.toContain(admirer.user.id);
  });

  it('leaves out people she swiped, passes, ghosts and anyone across a block', async () => {
    const me = await premiumMember(t);
    const waiting = await member(t);
    const likedBack = await member(t);
    const passedOn = await member(t);
    const passer = await member(t);
    const ghost = await premiumMember(t);
    const blocked = await member(t);
    const blocker = await member(t);
    for (const admirer of [waiting, likedBack, passedOn, ghost, blocked, blocker]) await like(admirer, me);
    expect((await swipe(passer, me, false)).statusCode).toBe(201);
    await like(me, likedBack);
    expect((await swipe(me, passedOn, false)).statusCode).toBe(201);
    await setGhost(ghost, true);
    await block(me, blocked);
    await block(blocker, me);

    const body = (await me.request('GET', '/api/notifications/likes-received')).json();
    expect(body.entries.map((e: { id: string }) => e.id)).toEqual([waiting.user.id]);
    expect(body.count).toBe(1);
  });
});

describe('notification count', () => {
  it('is a bare number: the likes waiting for her swipe', async () => {
    const me = await member(t);
    const a = await member(t);
    const b = await member(t);
    const zero = await me.request('GET', '/api/notifications/count');
    expect(zero.statusCode).toBe(200);
    expect(zero.json()).toBe(0);
    await like(a, me);
    await like(b, me);
    expect((await me.request('GET', '/api/notifications/count')).json()).toBe(2);
    expect((await swipe(me, a, false)).statusCode).toBe(201);
    expect((await me.request('GET', '/api/notifications/count')).body).toBe('1');
  });
});

describe('potential matches', () => {
  const here = { location: 'Great Falls, Montana' };

  it('is Premium: a free member gets 403 PREMIUM_REQUIRED', async () => {
    const me = await member(t, here);
    const response = await me.request('GET', '/api/notifications/potential-matches');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PREMIUM_REQUIRED');
  });

  it('lists the most compatible people of her feed with a score and up to 3 common interests', async () => {
    const mine = ['Yoga', 'Hiking', 'Reading', 'Coffee', 'Pottery'];
    const me = await premiumMember(t, { ...here, interests: mine, teaInterests: ['Matcha'] });
    const close = await member(t, {
      ...here,
      email: 'close@example.com',
      interests: ['Pottery', 'Hiking', 'Yoga', 'Coffee', 'Sushi'],
      teaInterests: ['Matcha'],
    });
    await setProfile(t, close, { isVerified: true });
    await plantPrivateData(t, close);
    const far = await member(t, { ...here, interests: ['Esports'], teaInterests: ['Rooibos'] });
    const swiped = await member(t, { ...here, interests: mine });
    expect((await swipe(me, swiped, false)).statusCode).toBe(201);
    const boosted = await premiumMember(t, { ...here, interests: ['Esports'], teaInterests: ['Rooibos'] });

    const response = await me.request('GET', '/api/notifications/potential-matches');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    const ids = list.map((p: { id: string }) => p.id);
    expect(ids[0]).toBe(close.user.id);
    expect(ids).toContain(far.user.id);
    expect(ids).not.toContain(swiped.user.id);
    // Ordered by compatibility alone: the premium boost does not lift a weak match here.
    expect(ids.indexOf(boosted.user.id)).toBeGreaterThan(ids.indexOf(close.user.id));

    const top = list[0];
    expect(Object.keys(top).sort()).toEqual([
      'age',
      'bio',
      'commonInterests',
      'id',
      'location',
      'matchScore',
      'name',
      'photos',
    ]);
    expect(top.commonInterests).toEqual(['Yoga', 'Hiking', 'Coffee']);
    // 4 shared interests (32) + 1 tea (5) + active today (15) + verified (10)
    // + completeness 60/100 (no photos or prompts; bio, location, 5 interests) scaled to 20 (12).
    expect(top.matchScore).toBe(74);
    expect(response.body).not.toMatch(PRIVATE_PATTERN);
    expect(response.body).not.toContain('close@example.com');
  });
});

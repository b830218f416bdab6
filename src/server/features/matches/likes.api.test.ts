import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  backdateSwipes,
  block,
  feedIds,
  like,
  matchesOf,
  member,
  plantPrivateData,
  premiumMember,
  PRIVATE_PATTERN,
  setGhost,
  swipe,
  writeMessage,
} from '../../test/members';
import { photos } from '../../test/tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('likes and matches', () => {
  it('answers the like that makes a match with her photos in her order', async () => {
    const [ana, bea] = [await member(t), await member(t)];
    const keys = [1, 0, 2].map((position) => ({ position, largeKey: `test/${randomUUID()}-large.webp` }));
    await t.database.db.insert(photos).values(
      keys.map((k) => ({
        userId: ana.user.id,
        position: k.position,
        largeKey: k.largeKey,
        smallKey: `${k.largeKey}-small`,
      })),
    );
    await like(ana, bea);
    const made = await like(bea, ana);
    const inOrder = [...keys].sort((a, b) => a.position - b.position).map((k) => `/media/${k.largeKey}`);
    expect(made.match?.otherUser.photos).toEqual(inOrder);
    // The same as her match list shows.
    expect((await matchesOf(bea))[0]?.otherUser.photos).toEqual(inOrder);
  });

  it('makes a match when the like is mutual, and both see it with public fields only', async () => {
    const ana = await member(t, { email: 'ana@example.com', interests: ['Yoga', 'Hiking'] });
    const bea = await member(t, { email: 'bea@example.com', interests: ['Pottery'] });
    await plantPrivateData(t, ana);
    await plantPrivateData(t, bea);

    const first = await like(ana, bea);
    expect(first.match).toBeNull();
    expect(first.like).toMatchObject({ targetUserId: bea.user.id, isLike: true, isSuperLike: false });
    expect(first.limits.likesRemaining).toBe(9);

    const response = await swipe(bea, ana);
    expect(response.statusCode).toBe(201);
    const second = response.json();
    expect(second.match).toMatchObject({
      otherUser: { id: ana.user.id, name: ana.user.name, interests: ['Yoga', 'Hiking'], photos: [] },
    });
    expect(Object.keys(second.match.otherUser).sort()).toEqual([
      'id',
      'interests',
      'isOnline',
      'isVerified',
      'lastActive',
      'name',
      'photos',
    ]);
    expect(response.body).not.toMatch(PRIVATE_PATTERN);
    expect(response.body).not.toContain('ana@example.com');

    for (const [self, other] of [
      [ana, bea],
      [bea, ana],
    ] as const) {
      for (const url of ['/api/matches', `/api/matches/${self.user.id}`]) {
        const list = await self.request('GET', url);
        expect(list.statusCode).toBe(200);
        expect(list.json()).toEqual([
          expect.objectContaining({ id: second.match.id, otherUser: expect.objectContaining({ id: other.user.id }) }),
        ]);
        expect(list.body).not.toMatch(PRIVATE_PATTERN);
      }
    }
  });

  it("lists matches newest first and refuses someone else's list with 403", async () => {
    const me = await member(t);
    const first = await member(t);
    const second = await member(t);
    await like(first, me);
    await like(me, first);
    await like(second, me);
    await like(me, second);
    expect((await matchesOf(me)).map((m) => m.otherUser.id)).toEqual([second.user.id, first.user.id]);
    expect((await me.request('GET', `/api/matches/${first.user.id}`)).statusCode).toBe(403);
  });

  it('makes no match from a pass', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await like(ana, bea);
    const pass = await swipe(bea, ana, false);
    expect(pass.statusCode).toBe(201);
    expect(pass.json()).toMatchObject({ match: null, like: { isLike: false } });
    expect(await matchesOf(ana)).toEqual([]);
  });

  it.each([
    ['herself', 'self', 400],
    ['an unknown user', 'unknown', 404],
  ])('refuses a swipe on %s', async (_case, who, status) => {
    const ana = await member(t);
    const target = who === 'self' ? ana.user.id : randomUUID();
    const response = await swipe(ana, target);
    expect(response.statusCode).toBe(status);
  });

  it('refuses a second swipe on the same person with 409', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await like(ana, bea);
    expect((await swipe(ana, bea, false)).statusCode).toBe(409);
    expect((await swipe(ana, bea)).statusCode).toBe(409);
  });

  it('refuses a like across a block, in either direction, without saying which', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await block(ana, bea);
    const mine = await swipe(ana, bea);
    const hers = await swipe(bea, ana);
    expect(mine.statusCode).toBe(404);
    expect(hers.statusCode).toBe(404);
    expect(hers.json().message).toBe(mine.json().message);
  });

  it('refuses a like to a ghost with 404', async () => {
    const ghost = await premiumMember(t);
    await setGhost(ghost, true);
    const ana = await member(t);
    expect((await swipe(ana, ghost)).statusCode).toBe(404);
  });

  it('refuses bad bodies: acting as someone else (403), a super pass and a missing target (400)', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const forged = await ana.request('POST', '/api/likes', {
      userId: bea.user.id,
      targetUserId: bea.user.id,
      isLike: true,
    });
    expect(forged.statusCode).toBe(403);
    const superPass = await ana.request('POST', '/api/likes', {
      targetUserId: bea.user.id,
      isLike: false,
      superLike: true,
    });
    expect(superPass.statusCode).toBe(400);
    expect((await ana.request('POST', '/api/likes', { isLike: true })).statusCode).toBe(400);
    expect((await ana.request('POST', '/api/likes', { targetUserId: 'nope', isLike: true })).statusCode).toBe(400);
  });

  it('hides a match across a block and shows it again after unblocking', async () => {
    const ana = await member(t);
    const bea = await member(t);
    await like(ana, bea);
    await like(bea, ana);
    const blocked = await block(bea, ana);
    expect(await matchesOf(ana)).toEqual([]);
    expect(await matchesOf(bea)).toEqual([]);
    expect((await bea.request('DELETE', `/api/blocks/${blocked.id}`)).statusCode).toBe(200);
    expect((await matchesOf(ana)).map((m) => m.otherUser.id)).toEqual([bea.user.id]);
  });
});

describe('limits', () => {
  it('stops the 11th like of the day of a free user with 429, while passes go on', async () => {
    const ana = await member(t);
    const targets = await Promise.all(Array.from({ length: 13 }, () => member(t)));
    for (let i = 0; i < 10; i++) {
      const response = await swipe(ana, targets[i]!);
      expect(response.statusCode).toBe(201);
      expect(response.json().limits.likesRemaining).toBe(9 - i);
    }
    const eleventh = await swipe(ana, targets[10]!);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: expect.stringContaining('Daily limit reached'),
    });
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    // The refused like was not recorded: she is still in the feed.
    expect(await feedIds(ana)).toContain(targets[10]!.user.id);

    const pass = await swipe(ana, targets[10]!, false);
    expect(pass.statusCode).toBe(201);
    expect(pass.json().limits.likesRemaining).toBe(0);
    expect((await swipe(ana, targets[12]!, false)).statusCode).toBe(201);
    // A super like has its own weekly budget.
    expect((await swipe(ana, targets[11]!, true, true)).statusCode).toBe(201);
  });

  it("counts only today's likes (UTC days)", async () => {
    const ana = await member(t);
    const targets = await Promise.all(Array.from({ length: 11 }, () => member(t)));
    for (let i = 0; i < 10; i++) await like(ana, targets[i]!);
    await backdateSwipes(t, ana, 24);
    const next = await swipe(ana, targets[10]!);
    expect(next.statusCode).toBe(201);
    expect(next.json().limits.likesRemaining).toBe(9);
  });

  it('gives premium members unlimited likes', async () => {
    const ana = await premiumMember(t);
    const targets = await Promise.all(Array.from({ length: 12 }, () => member(t)));
    for (const target of targets) {
      const response = await swipe(ana, target);
      expect(response.statusCode).toBe(201);
      expect(response.json().limits.likesRemaining).toBeNull();
    }
  });

  it('allows a free user one super like per week: the 2nd gets 429', async () => {
    const ana = await member(t);
    const [b, c, d] = await Promise.all([member(t), member(t), member(t)]);
    const first = await swipe(ana, b, true, true);
    expect(first.statusCode).toBe(201);
    expect(first.json().like.isSuperLike).toBe(true);
    expect(first.json().limits).toMatchObject({ superLikesRemaining: 0, likesRemaining: 10 });
    expect(first.json().limits.superLikesResetAt).not.toBeNull();

    const second = await swipe(ana, c, true, true);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: expect.stringContaining('Super Like used this week'),
    });

    // Seven days later (rolling window) it is back.
    await backdateSwipes(t, ana, 7 * 24 + 1);
    expect((await swipe(ana, d, true, true)).statusCode).toBe(201);
  });

  it('allows premium members five super likes per week', async () => {
    const ana = await premiumMember(t);
    const targets = await Promise.all(Array.from({ length: 6 }, () => member(t)));
    for (let i = 0; i < 5; i++) {
      const response = await swipe(ana, targets[i]!, true, true);
      expect(response.statusCode).toBe(201);
      expect(response.json().limits.superLikesRemaining).toBe(4 - i);
    }
    expect((await swipe(ana, targets[5]!, true, true)).statusCode).toBe(429);
  });
});

describe('undo', () => {
  it('is refused for free users with 403 PREMIUM_REQUIRED', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const liked = await like(ana, bea);
    const response = await ana.request('DELETE', `/api/likes/${liked.like.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PREMIUM_REQUIRED');
    expect(await feedIds(ana)).not.toContain(bea.user.id);
  });

  it('undoes her most recent swipe only, and gives the like back', async () => {
    const ana = await premiumMember(t, { location: 'Anchorage, Alaska' });
    const bea = await member(t, { location: 'Anchorage, Alaska' });
    const cleo = await member(t, { location: 'Anchorage, Alaska' });
    const older = await like(ana, bea);
    const latest = (await swipe(ana, cleo, false)).json();

    const notLatest = await ana.request('DELETE', `/api/likes/${older.like.id}`);
    expect(notLatest.statusCode).toBe(409);

    const undone = await ana.request('DELETE', `/api/likes/${latest.like.id}`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ undone: { id: latest.like.id }, matchDissolved: false });
    expect(await feedIds(ana)).toContain(cleo.user.id);

    // Now the like on Bea is the most recent one.
    expect((await ana.request('DELETE', `/api/likes/${older.like.id}`)).statusCode).toBe(200);
    expect((await ana.request('DELETE', `/api/likes/${older.like.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for someone else's swipe", async () => {
    const ana = await premiumMember(t);
    const bea = await member(t);
    const theirs = await like(bea, ana);
    const response = await ana.request('DELETE', `/api/likes/${theirs.like.id}`);
    expect(response.statusCode).toBe(404);
  });

  it('dissolves the match a like made while they have not written', async () => {
    const ana = await premiumMember(t);
    const bea = await member(t);
    await like(bea, ana);
    const liked = await like(ana, bea);
    expect(liked.match).not.toBeNull();
    const response = await ana.request('DELETE', `/api/likes/${liked.like.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().matchDissolved).toBe(true);
    expect(await matchesOf(ana)).toEqual([]);
    expect(await matchesOf(bea)).toEqual([]);
  });

  it('refuses to undo a like whose match has messages (409), and keeps the match', async () => {
    const ana = await premiumMember(t);
    const bea = await member(t);
    await like(bea, ana);
    const liked = await like(ana, bea);
    const matchId = liked.match?.id ?? '';
    await writeMessage(t, matchId, bea);
    const response = await ana.request('DELETE', `/api/likes/${liked.like.id}`);
    expect(response.statusCode).toBe(409);
    expect((await matchesOf(ana)).map((m) => m.id)).toEqual([matchId]);
  });
});

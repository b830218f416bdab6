import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import { blocks, matches, unmatchedPairs, users as memberRows } from '../../test/tables';
import { budgetWindows, swipeCaps } from './limits';
import {
  createMatchesRepository,
  orderedPair,
  type MatchesRepository,
  type RecordedSwipe,
  type SwipeToRecord,
} from './repository';

/** The swipe rule straight on the database: no app, no HTTP. */
const db = useTestDatabase();
let repository: MatchesRepository;

beforeAll(() => {
  repository = createMatchesRepository(db());
});

const DAY = 24 * 60 * 60_000;

/** A like by default, with the product's caps for its kind. */
function swipe(userId: string, targetUserId: string, overrides: Partial<SwipeToRecord> = {}): Promise<RecordedSwipe> {
  const kind = { isLike: overrides.isLike ?? true, superLike: overrides.superLike ?? false };
  const now = overrides.now ?? new Date();
  return repository.recordSwipe({
    userId,
    targetUserId,
    ...kind,
    mode: 'dating',
    caps: { premium: swipeCaps(true, kind), free: swipeCaps(false, kind) },
    ...budgetWindows(now),
    now,
    likedPhotoKey: null,
    likedPromptId: null,
    comment: null,
    ...overrides,
  });
}

async function members(n: number) {
  return Promise.all(Array.from({ length: n }, () => insertMember(db())));
}

async function matchRows(a: string, b: string) {
  const [userA, userB] = orderedPair(a, b);
  return db()
    .select()
    .from(matches)
    .where(and(eq(matches.userA, userA), eq(matches.userB, userB)));
}

describe('recordSwipe: the match', () => {
  it('records a like without a match, then makes exactly one match when the like comes back', async () => {
    const [ana, bea] = await members(2);
    const first = await swipe(ana!.id, bea!.id);
    expect(first).toMatchObject({ outcome: 'recorded', match_id: null, premium: false, likes_today: 0 });
    expect(first.swipe_id).toEqual(expect.any(String));
    const back = await swipe(bea!.id, ana!.id);
    expect(back.outcome).toBe('recorded');
    expect(back.match_id).toEqual(expect.any(String));
    expect(await matchRows(ana!.id, bea!.id)).toEqual([expect.objectContaining({ id: back.match_id, mode: 'dating' })]);
  });

  it('makes no match from a pass, nor from a like back to a pass', async () => {
    const [ana, bea] = await members(2);
    expect((await swipe(ana!.id, bea!.id, { isLike: false })).outcome).toBe('recorded');
    expect((await swipe(bea!.id, ana!.id)).match_id).toBeNull();
    expect(await matchRows(ana!.id, bea!.id)).toEqual([]);
  });

  it('makes one match when both like at the same instant', async () => {
    const [ana, bea] = await members(2);
    const both = await Promise.all([swipe(ana!.id, bea!.id), swipe(bea!.id, ana!.id)]);
    expect(both.filter((s) => s.match_id !== null)).toHaveLength(1);
    expect(await matchRows(ana!.id, bea!.id)).toHaveLength(1);
  });

  it('records a ghost’s like but makes no match with it', async () => {
    const [ghost, bea] = await members(2);
    await db().update(memberRows).set({ ghostMode: true }).where(eq(memberRows.id, ghost!.id));
    await swipe(bea!.id, ghost!.id);
    const like = await swipe(ghost!.id, bea!.id);
    expect(like).toMatchObject({ outcome: 'recorded', match_id: null });
  });

  it('refuses a second swipe on the same member', async () => {
    const [ana, bea] = await members(2);
    await swipe(ana!.id, bea!.id, { isLike: false });
    expect((await swipe(ana!.id, bea!.id)).outcome).toBe('conflict');
  });
});

describe('recordSwipe: who can be swiped', () => {
  it('refuses an unknown swiper', async () => {
    const [bea] = await members(1);
    expect((await swipe('00000000-0000-4000-8000-000000000000', bea!.id)).outcome).toBe('no_user');
  });

  it('refuses a target behind a block (either way), in ghost mode, suspended, or unmatched before', async () => {
    const [ana, blocker, blocked, ghost, suspended, unmatched] = await members(6);
    await db()
      .insert(blocks)
      .values([
        { blockerId: blocker!.id, blockedUserId: ana!.id },
        { blockerId: ana!.id, blockedUserId: blocked!.id },
      ]);
    await db().update(memberRows).set({ ghostMode: true }).where(eq(memberRows.id, ghost!.id));
    await db()
      .update(memberRows)
      .set({ suspendedUntil: new Date(Date.now() + DAY) })
      .where(eq(memberRows.id, suspended!.id));
    const [userA, userB] = orderedPair(ana!.id, unmatched!.id);
    await db().insert(unmatchedPairs).values({ userA, userB });
    for (const target of [blocker, blocked, ghost, suspended, unmatched]) {
      expect(await swipe(ana!.id, target!.id)).toMatchObject({ outcome: 'unavailable', in_deck: true, swipe_id: null });
    }
  });
});

describe('recordSwipe: the budget', () => {
  it('stops a free member’s likes at her daily cap, counting only today’s, while passes (no cap) go on', async () => {
    const [ana, ...targets] = await members(6);
    const caps = { premium: { likes: null, superLikes: null }, free: { likes: 2, superLikes: null } };
    const now = new Date();
    expect((await swipe(ana!.id, targets[0]!.id, { caps, now })).outcome).toBe('recorded');
    expect((await swipe(ana!.id, targets[1]!.id, { caps, now })).likes_today).toBe(1);
    expect(await swipe(ana!.id, targets[2]!.id, { caps, now })).toMatchObject({ outcome: 'limit', likes_today: 2 });
    expect((await swipe(ana!.id, targets[2]!.id, { now, isLike: false })).outcome).toBe('recorded');
    // Tomorrow (UTC) the day's likes start again.
    const tomorrow = new Date(now.getTime() + DAY);
    expect(await swipe(ana!.id, targets[3]!.id, { caps, now: tomorrow })).toMatchObject({
      outcome: 'recorded',
      likes_today: 0,
    });
  });

  it('lets Premium past the free cap: the statement picks her caps by the premium rule', async () => {
    const [ana, ...targets] = await members(4);
    await db()
      .update(memberRows)
      .set({ premiumUntil: new Date(Date.now() + DAY) })
      .where(eq(memberRows.id, ana!.id));
    const caps = { premium: { likes: null, superLikes: null }, free: { likes: 1, superLikes: null } };
    for (const target of targets) {
      expect(await swipe(ana!.id, target.id, { caps })).toMatchObject({ outcome: 'recorded', premium: true });
    }
  });

  it('counts super likes in their own rolling window, apart from the daily likes', async () => {
    const [ana, ...targets] = await members(4);
    const superLike = { isLike: true, superLike: true };
    const first = await swipe(ana!.id, targets[0]!.id, superLike);
    expect(first.outcome).toBe('recorded');
    const second = await swipe(ana!.id, targets[1]!.id, superLike);
    expect(second).toMatchObject({ outcome: 'limit', super_likes: 1 });
    expect(new Date(second.oldest_super_like_at!).getTime()).toBe(new Date(first.swipe_created_at!).getTime());
    // A plain like still has the day's budget.
    expect(await swipe(ana!.id, targets[2]!.id)).toMatchObject({ outcome: 'recorded', likes_today: 0 });
  });
});

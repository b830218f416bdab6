import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LikeResponse, Swipe, UndoLikeResponse } from '../../../contract/matches';
import {
  findUser,
  findUserUnblockedWith,
  hasActivePremium,
  isSuspendedRow,
  isVisibleMember,
  lockUserRow,
  notBlockedWith,
} from '../../core';
import type { Db } from '../../db/client';
import { matches, swipes } from '../../db/schema/matches';
import type { DomainEvents } from '../../domain-events';
import { badRequest, conflict, notFound, premiumRequired } from '../../http/errors';
import { photoUrlsOf } from '../profiles';
import { assertWithinLimits, limitsFrom, swipeUsage, usageAfter } from './limits';
import { orderedPair, presentMatch, type MatchRow } from './service';
import { notUnmatchedWith, wereUnmatched } from './unmatch';
import { disclosuresFor } from '../preferences';

export interface SwipeInput {
  targetUserId: string;
  isLike: boolean;
  superLike: boolean;
}

type SwipeRow = typeof swipes.$inferSelect;

/**
 * Whether two members have written to each other in this match. Chat owns messages and sits above
 * matches, so it hands this in (app.ts) rather than matches reaching up for it.
 */
export type ConversationStarted = (db: Db, matchId: string) => Promise<boolean>;

/**
 * Two locks, always taken in this order:
 * 1. her user row (FOR NO KEY UPDATE: read and locked in one statement; other members' swipes on her
 *    only need a key-share lock and are not held up) serialises her own swipes, so two likes sent at
 *    once cannot both pass the daily limit;
 * 2. an advisory lock on the pair serialises everything that can make or unmake the match of two
 *    people: without it, two people liking each other at the same instant each miss the other's
 *    uncommitted like and no match is made. hashtext collisions only serialise a little more.
 */
const PAIR_LOCK = 41_002;

async function lockActor(tx: Db, userId: string) {
  const actor = await lockUserRow(tx, userId);
  if (!actor) throw notFound('User not found');
  return actor;
}

async function lockPair(tx: Db, a: string, b: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK}::int, hashtext(${orderedPair(a, b).join(':')}))`);
}

const unavailable = () => notFound('This profile is not available');

/**
 * Records a like, pass or super like, and makes the match when the like is mutual, atomically.
 * Refused: herself (400); an unknown user, a ghost, or anyone with a block between them (404, the
 * same answer for all so a block or ghost is not revealed); a second swipe on the same person (409);
 * a like over her budget (429). While she is in ghost mode her likes are recorded but make no match;
 * turning ghost mode off makes the matches then (createPendingMatches).
 */
export async function createSwipe(
  db: Db,
  events: DomainEvents,
  userId: string,
  input: SwipeInput,
): Promise<LikeResponse> {
  if (input.targetUserId === userId) throw badRequest('You cannot swipe on yourself');
  if (input.superLike && !input.isLike) throw badRequest('A super like is a like');
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const actor = await lockActor(tx, userId);
    const found = await findUserUnblockedWith(tx, userId, input.targetUserId);
    // A suspended member, or one she unmatched, is out of reach like a blocked one.
    const target = found && !isSuspendedRow(found) && !(await wereUnmatched(tx, userId, found.id)) ? found : undefined;
    if (!target || target.ghostMode) throw unavailable();

    const usage = await swipeUsage(tx, userId, hasActivePremium(actor, now.getTime()), now);
    assertWithinLimits(usage, input, now);
    if (input.isLike) await lockPair(tx, userId, target.id);

    const [swipe] = await tx
      .insert(swipes)
      .values({ userId, targetUserId: target.id, isLike: input.isLike, isSuperLike: input.superLike })
      .onConflictDoNothing()
      .returning();
    if (!swipe) throw conflict('You have already swiped on this person');

    let match: MatchRow | undefined;
    if (input.isLike && !actor.ghostMode) match = await matchIfMutual(tx, userId, target.id);
    return { swipe, target, match, usage: usageAfter(usage, input, swipe.createdAt) };
  });

  const { swipe, target, match, usage } = outcome;
  if (swipe.isLike && !match) {
    events.emit('like.created', { userId, targetUserId: target.id, superLike: swipe.isSuperLike });
  }
  if (match) {
    events.emit('match.created', {
      matchId: match.id,
      userIds: [match.userA, match.userB],
      createdAt: match.createdAt.toISOString(),
    });
  }
  const photos = match ? await photoUrlsOf(db, [target.id]) : undefined;
  const shown = match ? (await disclosuresFor(db, userId, [target.id]))(target.id) : undefined;
  return {
    like: presentSwipe(swipe),
    match: match ? presentMatch({ ...match, other: target }, photos?.get(target.id) ?? [], undefined, shown) : null,
    limits: limitsFrom(usage, now),
  };
}

interface InsertedMatch extends Record<string, unknown> {
  id: string;
  user_a: string;
  user_b: string;
  created_at: string | Date;
}

/** Inside the pair lock: the match, if `targetId` already likes `userId` (one statement: check and insert). */
async function matchIfMutual(tx: Db, userId: string, targetId: string): Promise<MatchRow | undefined> {
  const [userA, userB] = orderedPair(userId, targetId);
  const result = await tx.execute<InsertedMatch>(sql`
    insert into ${matches} (user_a, user_b)
    select ${userA}::uuid, ${userB}::uuid
    where exists (
      select 1 from ${swipes}
      where ${swipes.userId} = ${targetId} and ${swipes.targetUserId} = ${userId} and ${swipes.isLike}
    )
    on conflict do nothing
    returning id, user_a, user_b, created_at
  `);
  const row = (result as { rows: InsertedMatch[] }).rows[0];
  return row && { id: row.id, userA: row.user_a, userB: row.user_b, createdAt: new Date(row.created_at) };
}

/**
 * Undo (premium): only her own most recent swipe. Undoing a like that made a match dissolves the
 * match, unless they have already written to each other: then the undo is refused (409), because a
 * conversation cannot be taken back by un-liking.
 */
export async function undoSwipe(
  db: Db,
  events: DomainEvents,
  userId: string,
  swipeId: string,
  conversationStarted: ConversationStarted,
): Promise<UndoLikeResponse> {
  const actor = await findUser(db, userId);
  if (!actor) throw notFound('User not found');
  const premium = hasActivePremium(actor);
  if (!premium) throw premiumRequired('Undo is a Premium feature');

  const { swipe, dissolved } = await db.transaction(async (tx) => {
    await lockActor(tx, userId);
    const [latest] = await tx
      .select()
      .from(swipes)
      .where(eq(swipes.userId, userId))
      .orderBy(desc(swipes.createdAt), desc(swipes.id))
      .limit(1);
    if (!latest || latest.id !== swipeId) {
      const [own] = await tx
        .select({ id: swipes.id })
        .from(swipes)
        .where(and(eq(swipes.id, swipeId), eq(swipes.userId, userId)));
      if (!own) throw notFound('Swipe not found');
      throw conflict('Only your most recent swipe can be undone');
    }

    let dissolved: MatchRow | undefined;
    if (latest.isLike) {
      const [userA, userB] = orderedPair(userId, latest.targetUserId);
      await lockPair(tx, userA, userB);
      // FOR UPDATE: a message being written into this match waits for us, then finds no match.
      const [match] = await tx
        .select()
        .from(matches)
        .where(and(eq(matches.userA, userA), eq(matches.userB, userB)))
        .for('update');
      if (match) {
        if (await conversationStarted(tx, match.id)) {
          throw conflict("You've already started chatting with this match, so this like can't be undone");
        }
        await tx.delete(matches).where(eq(matches.id, match.id));
        dissolved = match;
      }
    }
    await tx.delete(swipes).where(eq(swipes.id, latest.id));
    return { swipe: latest, dissolved };
  });

  if (dissolved) {
    events.emit('match.dissolved', { matchId: dissolved.id, userIds: [dissolved.userA, dissolved.userB] });
  }
  const now = new Date();
  return {
    undone: presentSwipe(swipe),
    matchDissolved: dissolved !== undefined,
    limits: limitsFrom(await swipeUsage(db, userId, premium, now), now),
  };
}

/**
 * Mutual likes that made no match because she was in ghost mode become matches now (called when
 * she leaves ghost mode). Partners still in ghost mode, or with a block between them, wait.
 */
export async function createPendingMatches(db: Db, userId: string): Promise<MatchRow[]> {
  const back = alias(swipes, 'back');
  const rows = await db
    .select({ partnerId: swipes.targetUserId })
    .from(swipes)
    .innerJoin(back, and(eq(back.userId, swipes.targetUserId), eq(back.targetUserId, userId), eq(back.isLike, true)))
    .where(
      and(
        eq(swipes.userId, userId),
        eq(swipes.isLike, true),
        isVisibleMember(swipes.targetUserId),
        notBlockedWith(userId, swipes.targetUserId),
        notUnmatchedWith(userId, swipes.targetUserId),
      ),
    );
  if (rows.length === 0) return [];
  return db
    .insert(matches)
    .values(rows.map((r) => orderedPair(userId, r.partnerId)).map(([userA, userB]) => ({ userA, userB })))
    .onConflictDoNothing()
    .returning();
}

export function presentSwipe(row: SwipeRow): Swipe {
  return {
    id: row.id,
    targetUserId: row.targetUserId,
    isLike: row.isLike,
    isSuperLike: row.isSuperLike,
    createdAt: row.createdAt.toISOString(),
  };
}

import { and, asc, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { findUsers, isVisibleMember, notBlockedWith } from '../../core';
import type { DiscoveryMode } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { swipes } from '../../db/schema/matches';
import { inDeckAt } from '../preferences';

/**
 * Likes waiting for her: someone liked her and she has not swiped that person yet in that deck (a
 * friends like waits for her Friends swipe), only in the decks she is looking in now. Likers in ghost
 * mode are left out (a ghost is invisible), and so is anyone with a block between them. Swiping on
 * the liker — back or away — is what clears an entry, so this is also the bell's unread count.
 */
function pendingLikes(userId: string, mode?: DiscoveryMode) {
  return and(
    eq(swipes.targetUserId, userId),
    eq(swipes.isLike, true),
    mode ? eq(swipes.mode, mode) : undefined,
    // Both are still in the like's deck: a liker who has since left it (a dating like from someone now
    // looking only for friends) could not be liked back there, so her like waits for nobody.
    inDeckAt(sql`${swipes.mode}`, sql`${userId}::uuid`),
    inDeckAt(sql`${swipes.mode}`, sql`${swipes.userId}`),
    isVisibleMember(swipes.userId),
    notBlockedWith(userId, swipes.userId),
    // Inside, "swipes" (aliased mine there) names the outer row: the like.
    sql`not exists (select 1 from ${swipes} mine where mine.user_id = ${userId} and mine.target_user_id = ${swipes.userId} and mine.mode = ${swipes.mode})`,
  );
}

export interface PendingLike {
  id: string;
  name: string;
  age: number;
  location: string;
  isSuperLike: boolean;
  mode: DiscoveryMode;
  createdAt: Date;
  /** Her photo or prompt answer the like is for (null for a plain like, or a photo since deleted). */
  likedPhotoId: string | null;
  likedPromptId: string | null;
  comment: string | null;
}

/** Newest first; super likes are not ranked apart, the flag lets the screen mark them. */
export async function listPendingLikes(
  db: Db,
  userId: string,
  limit: number,
  mode?: DiscoveryMode,
): Promise<PendingLike[]> {
  const likes = await db
    .select({
      id: swipes.userId,
      isSuperLike: swipes.isSuperLike,
      mode: swipes.mode,
      createdAt: swipes.createdAt,
      likedPhotoId: swipes.likedPhotoId,
      likedPromptId: swipes.likedPromptId,
      comment: swipes.comment,
    })
    .from(swipes)
    .where(pendingLikes(userId, mode))
    .orderBy(desc(swipes.createdAt), desc(swipes.id))
    .limit(limit);
  const likers = await findUsers(
    db,
    likes.map((l) => l.id),
  );
  return likes.flatMap((l) => {
    const liker = likers.get(l.id);
    return liker ? [{ ...l, name: liker.name, age: liker.age, location: liker.location }] : [];
  });
}

export async function countPendingLikes(db: Db, userId: string, mode?: DiscoveryMode): Promise<number> {
  const [row] = await db.select({ n: count() }).from(swipes).where(pendingLikes(userId, mode));
  return row?.n ?? 0;
}

/** A pending like on one of her photos or prompts, without who sent it or what they wrote. */
export interface PendingItemLike {
  likedPhotoId: string | null;
  likedPromptId: string | null;
  hasComment: boolean;
}

/**
 * The pending likes that point at one of her photos or prompts, newest first, for a free member's
 * list: the liker and the comment are not read at all, so they cannot reach her.
 */
export async function listPendingItemLikes(
  db: Db,
  userId: string,
  limit: number,
  mode?: DiscoveryMode,
): Promise<PendingItemLike[]> {
  return db
    .select({
      likedPhotoId: swipes.likedPhotoId,
      likedPromptId: swipes.likedPromptId,
      hasComment: sql<boolean>`${swipes.comment} is not null`,
    })
    .from(swipes)
    .where(and(pendingLikes(userId, mode), or(isNotNull(swipes.likedPhotoId), isNotNull(swipes.likedPromptId))))
    .orderBy(desc(swipes.createdAt), desc(swipes.id))
    .limit(limit);
}

/** A comment sent with a like, to open the chat once the pair has matched. */
export interface LikeComment {
  swipeId: string;
  senderId: string;
  comment: string;
}

/**
 * The comments the two members sent with their likes of each other in one deck, oldest first (chat posts
 * them as the first messages when `match.created` says they matched in that deck).
 */
export async function likeCommentsBetween(
  db: Db,
  [a, b]: readonly [string, string],
  mode: DiscoveryMode,
): Promise<LikeComment[]> {
  const rows = await db
    .select({ swipeId: swipes.id, senderId: swipes.userId, comment: swipes.comment })
    .from(swipes)
    .where(
      and(
        or(
          and(eq(swipes.userId, a), eq(swipes.targetUserId, b)),
          and(eq(swipes.userId, b), eq(swipes.targetUserId, a)),
        ),
        eq(swipes.isLike, true),
        eq(swipes.mode, mode),
        isNotNull(swipes.comment),
      ),
    )
    .orderBy(asc(swipes.createdAt), asc(swipes.id));
  return rows.flatMap((r) =>
    r.comment === null ? [] : [{ swipeId: r.swipeId, senderId: r.senderId, comment: r.comment }],
  );
}

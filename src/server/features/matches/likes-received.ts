import { and, count, desc, eq, sql } from 'drizzle-orm';
import { findUsers, isVisibleMember, notBlockedWith } from '../../core';
import type { Db } from '../../db/client';
import { swipes } from '../../db/schema/matches';

/**
 * Likes waiting for her: someone liked her and she has not swiped that person yet. Likers in ghost
 * mode are left out (a ghost is invisible), and so is anyone with a block between them. Swiping on
 * the liker — back or away — is what clears an entry, so this is also the bell's unread count.
 */
function pendingLikes(userId: string) {
  return and(
    eq(swipes.targetUserId, userId),
    eq(swipes.isLike, true),
    isVisibleMember(swipes.userId),
    notBlockedWith(userId, swipes.userId),
    // Inside, "swipes" (aliased mine there) names the outer row: the like.
    sql`not exists (select 1 from ${swipes} mine where mine.user_id = ${userId} and mine.target_user_id = ${swipes.userId})`,
  );
}

export interface PendingLike {
  id: string;
  name: string;
  age: number;
  location: string;
  isSuperLike: boolean;
  createdAt: Date;
}

/** Newest first; super likes are not ranked apart, the flag lets the screen mark them. */
export async function listPendingLikes(db: Db, userId: string, limit: number): Promise<PendingLike[]> {
  const likes = await db
    .select({ id: swipes.userId, isSuperLike: swipes.isSuperLike, createdAt: swipes.createdAt })
    .from(swipes)
    .where(pendingLikes(userId))
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

export async function countPendingLikes(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(swipes).where(pendingLikes(userId));
  return row?.n ?? 0;
}

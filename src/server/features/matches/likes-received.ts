import { and, count, desc, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { swipes, users } from '../../db/schema';
import { notBlockedWith } from '../safety/blocks';

/**
 * Likes waiting for her: someone liked her and she has not swiped that person yet. Likers in ghost
 * mode are left out (a ghost is invisible), and so is anyone with a block between them. Swiping on
 * the liker — back or away — is what clears an entry, so this is also the bell's unread count.
 */
function pendingLikes(userId: string) {
  return and(
    eq(swipes.targetUserId, userId),
    eq(swipes.isLike, true),
    not(users.ghostMode),
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
  return db
    .select({
      id: users.id,
      name: users.name,
      age: users.age,
      location: users.location,
      isSuperLike: swipes.isSuperLike,
      createdAt: swipes.createdAt,
    })
    .from(swipes)
    .innerJoin(users, eq(users.id, swipes.userId))
    .where(pendingLikes(userId))
    .orderBy(desc(swipes.createdAt), desc(swipes.id))
    .limit(limit);
}

export async function countPendingLikes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swipes)
    .innerJoin(users, eq(users.id, swipes.userId))
    .where(pendingLikes(userId));
  return row?.n ?? 0;
}

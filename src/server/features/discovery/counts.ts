import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { swipes } from '../../db/schema';

/** Likes she has received, super likes included (the profile's Likes counter). */
export async function countLikesReceived(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swipes)
    .where(and(eq(swipes.targetUserId, userId), eq(swipes.isLike, true)));
  return row?.n ?? 0;
}

export async function countSuperLikesReceived(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(swipes)
    .where(and(eq(swipes.targetUserId, userId), eq(swipes.isLike, true), eq(swipes.isSuperLike, true)));
  return row?.n ?? 0;
}

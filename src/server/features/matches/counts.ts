import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { swipes } from '../../db/schema/matches';

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

/** SQL for other features' list queries: the ids `viewerId` has already swiped on (discovery skips them). */
export function swipedBy(viewerId: string): SQL {
  return sql`(select ${swipes.targetUserId} from ${swipes} where ${swipes.userId} = ${viewerId})`;
}

import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DiscoveryMode } from '../../../contract/discovery';
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

/**
 * SQL for other features' list queries: the ids `viewerId` has already swiped on in this deck
 * (discovery skips them; someone she passed on for dating can still be in her Friends deck).
 */
export function swipedBy(viewerId: string, mode: DiscoveryMode = 'dating'): SQL {
  return sql`(select ${swipes.targetUserId} from ${swipes} where ${swipes.userId} = ${viewerId} and ${swipes.mode} = ${mode})`;
}

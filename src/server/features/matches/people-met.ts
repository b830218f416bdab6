import { and, desc, eq, gte, or } from 'drizzle-orm';
import { notBlockedWith } from '../../core';
import type { Db } from '../../db/client';
import { matches, swipes } from '../../db/schema/matches';

/** Her matches with the other member's id, newest first; a block either way hides one (as matchPartnerIds). */
export async function matchesWithPartner(
  db: Db,
  userId: string,
): Promise<Array<{ matchId: string; partnerId: string }>> {
  const rows = await db
    .select({ id: matches.id, userA: matches.userA, userB: matches.userB })
    .from(matches)
    .where(
      or(
        and(eq(matches.userA, userId), notBlockedWith(userId, matches.userB)),
        and(eq(matches.userB, userId), notBlockedWith(userId, matches.userA)),
      ),
    )
    .orderBy(desc(matches.createdAt));
  return rows.map((r) => ({ matchId: r.id, partnerId: r.userA === userId ? r.userB : r.userA }));
}

/** Whom she swiped on (like or pass) since `since`, newest first; a block either way hides one. */
export async function swipedOnSince(db: Db, userId: string, since: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: swipes.targetUserId })
    .from(swipes)
    .where(and(eq(swipes.userId, userId), gte(swipes.createdAt, since), notBlockedWith(userId, swipes.targetUserId)))
    .orderBy(desc(swipes.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

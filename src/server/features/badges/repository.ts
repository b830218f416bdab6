import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { notBlockedWith } from '../../core';
import type { DbCaches, SharedCache } from '../../db/caches';
import type { Db } from '../../db/client';
import { userBadges } from '../../db/schema/badges';

/**
 * Every statement of badges: the badges members earned. Services decide what is earned and who may see
 * it; what is read and written is here. Plain functions take the handle to run on; the prepared read and
 * the earned-badges cache belong to the one `BadgesRepository` app.ts makes for its database.
 */

export type EarnedRow = typeof userBadges.$inferSelect;

/** What badges keeps of one database (app.ts makes one): its prepared read and what members are known to have earned. */
export interface BadgesRepository {
  /** Her earned badges. Awarding asks after every chat message she sends, so the statement is prepared once. */
  earnedRows(userId: string): Promise<EarnedRow[]>;
  /**
   * What each member is known to have earned. A badge once earned stays earned, so an entry can only
   * be incomplete (another instance awarded one since), never wrong: an incomplete one costs a progress
   * query and an insert that changes nothing, then knows the badge. It spares the earned-badges read
   * awarding would otherwise make after every chat message.
   */
  knownEarned: SharedCache<Set<string>>;
}

export function createBadgesRepository(db: Db, caches: DbCaches): BadgesRepository {
  const earned = db
    .select()
    .from(userBadges)
    .where(eq(userBadges.userId, sql.placeholder('userId')))
    .prepare('badges_earned_by');
  return {
    earnedRows: (userId) => earned.execute({ userId }),
    knownEarned: caches.databaseCache<Set<string>>('earned-badges', { max: 50_000 }),
  };
}

/** Her earned badges, in no order (the rarely asked read: others' view of her, her data export). */
export async function earnedBy(db: Db, userId: string): Promise<EarnedRow[]> {
  return db.select().from(userBadges).where(eq(userBadges.userId, userId));
}

/**
 * Stores the badges as earned at `earnedAt`; returns only the rows this call inserted. The (user, badge)
 * key lets one of any number of concurrent evaluations insert a badge, so only that one announces it.
 */
export async function insertEarned(
  db: Db,
  userId: string,
  badgeIds: readonly string[],
  earnedAt: Date,
): Promise<EarnedRow[]> {
  return db
    .insert(userBadges)
    .values(badgeIds.map((badgeId) => ({ userId, badgeId, earnedAt })))
    .onConflictDoNothing()
    .returning();
}

/** The earned badges of these members, oldest first, without those of members blocked either way with the viewer. */
export async function earnedByMembers(db: Db, viewerId: string, userIds: string[]): Promise<EarnedRow[]> {
  return db
    .select()
    .from(userBadges)
    .where(and(inArray(userBadges.userId, userIds), notBlockedWith(viewerId, userBadges.userId)))
    .orderBy(asc(userBadges.earnedAt));
}

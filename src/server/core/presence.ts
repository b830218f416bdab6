import { and, desc, eq, gte } from 'drizzle-orm';
import type { DbCaches } from '../db/caches';
import type { Db } from '../db/client';
import { activityDays } from '../db/schema/users';
import { updateUser } from './users';

/** Someone counts as online for this long after her last request. */
export const ONLINE_WINDOW_MS = 5 * 60_000;

export function isOnline(lastActiveAt: Date | null, now = Date.now()): boolean {
  return lastActiveAt !== null && now - lastActiveAt.getTime() < ONLINE_WINDOW_MS;
}

/** YYYY-MM-DD of `at` in UTC: the day an activity counts for. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Her presence for isOnline, and today as an activity day for the day streak (so any use of the app
 * counts, not one screen). Callers throttle it (see `lastActivity` in http/guards.ts).
 */
export async function touchLastActive(db: Db, caches: DbCaches, userId: string, at = new Date()): Promise<void> {
  await updateUser(db, caches, userId, { lastActiveAt: at });
  await db
    .insert(activityDays)
    .values({ userId, day: utcDay(at) })
    .onConflictDoNothing();
}

/** The days (YYYY-MM-DD, newest first) she was active on, from `since` on. */
export async function activeDaysSince(db: Db, userId: string, since: string): Promise<string[]> {
  const rows = await db
    .select({ day: activityDays.day })
    .from(activityDays)
    .where(and(eq(activityDays.userId, userId), gte(activityDays.day, since)))
    .orderBy(desc(activityDays.day));
  return rows.map((r) => r.day);
}

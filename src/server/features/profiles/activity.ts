import { activeDaysSince } from '../../core';
import type { Db } from '../../db/client';
import { dayStreak, utcDay } from './day-streak';
import { insertProfileView } from './repository';

/** A streak longer than this is shown as this; it bounds the rows read. */
const MAX_STREAK_DAYS = 400;

export async function dayStreakOf(db: Db, userId: string, now: Date = new Date()): Promise<number> {
  const since = utcDay(new Date(now.getTime() - MAX_STREAK_DAYS * 24 * 60 * 60_000));
  return dayStreak(await activeDaysSince(db, userId, since), utcDay(now));
}

/** One view per viewer, profile and UTC day, however often she opens it. */
export async function recordProfileView(
  db: Db,
  viewerId: string,
  viewedId: string,
  at: Date = new Date(),
): Promise<void> {
  if (viewerId === viewedId) return;
  await insertProfileView(db, viewerId, viewedId, utcDay(at));
}

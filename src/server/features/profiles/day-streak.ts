import { utcDay } from '../../core';

const DAY_MS = 24 * 60 * 60_000;

export { utcDay };

function previousDay(day: string): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS));
}

/**
 * Consecutive active days ending today. A streak that reached yesterday is still alive until today
 * ends, so it counts from yesterday when today has no activity yet.
 */
export function dayStreak(activeDays: Iterable<string>, today: string): number {
  const days = new Set(activeDays);
  let day = days.has(today) ? today : previousDay(today);
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day = previousDay(day);
  }
  return streak;
}

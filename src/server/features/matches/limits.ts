import { and, eq, gte, sql } from 'drizzle-orm';
import {
  FREE_DAILY_LIKES,
  FREE_WEEKLY_SUPER_LIKES,
  PREMIUM_WEEKLY_SUPER_LIKES,
  type SwipeLimits,
} from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { swipes } from '../../db/schema/matches';
import { tooManyRequests } from '../../http/errors';

/**
 * The swipe budget, counted from the swipes themselves (no counters to drift):
 * - likes: free users get FREE_DAILY_LIKES per UTC day. UTC because the server knows no user time
 *   zone, and one fixed boundary cannot be gamed by changing the phone's clock. Passes are free.
 * - super likes: their own budget (they do not use a daily like), in a rolling 7-day window: no
 *   calendar week to define, and no "one on Sunday night, one on Monday morning" burst.
 * An undone swipe is deleted, so it gives its like back.
 */
export const SUPER_LIKE_WINDOW_MS = 7 * 24 * 60 * 60_000;

export interface SwipeUsage {
  premium: boolean;
  likesToday: number;
  superLikesInWindow: number;
  oldestSuperLikeAt: Date | null;
}

export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const nextUtcMidnight = (now: Date) => new Date(utcDayStart(now).getTime() + 24 * 60 * 60_000);

export async function swipeUsage(db: Db, userId: string, premium: boolean, now = new Date()): Promise<SwipeUsage> {
  const windowStart = new Date(now.getTime() - SUPER_LIKE_WINDOW_MS);
  const windowStartIso = windowStart.toISOString();
  const dayStart = utcDayStart(now).toISOString();
  const [row] = await db
    .select({
      likesToday:
        sql<number>`count(*) filter (where not ${swipes.isSuperLike} and ${swipes.createdAt} >= ${dayStart}::timestamptz)`.mapWith(
          Number,
        ),
      superLikes:
        sql<number>`count(*) filter (where ${swipes.isSuperLike} and ${swipes.createdAt} > ${windowStartIso}::timestamptz)`.mapWith(
          Number,
        ),
      oldestSuperLikeAt:
        sql<Date | null>`min(${swipes.createdAt}) filter (where ${swipes.isSuperLike} and ${swipes.createdAt} > ${windowStartIso}::timestamptz)`.mapWith(
          swipes.createdAt,
        ),
    })
    .from(swipes)
    // Both windows start at most 7 days back; the (user_id, created_at) index bounds the scan.
    .where(and(eq(swipes.userId, userId), eq(swipes.isLike, true), gte(swipes.createdAt, windowStart)));
  return {
    premium,
    likesToday: row?.likesToday ?? 0,
    superLikesInWindow: row?.superLikes ?? 0,
    oldestSuperLikeAt: row?.oldestSuperLikeAt ?? null,
  };
}

const weeklySuperLikes = (premium: boolean) => (premium ? PREMIUM_WEEKLY_SUPER_LIKES : FREE_WEEKLY_SUPER_LIKES);

export function limitsFrom(usage: SwipeUsage, now = new Date()): SwipeLimits {
  const superLimit = weeklySuperLikes(usage.premium);
  return {
    likesRemaining: usage.premium ? null : Math.max(0, FREE_DAILY_LIKES - usage.likesToday),
    dailyLikeLimit: usage.premium ? null : FREE_DAILY_LIKES,
    likesResetAt: usage.premium ? null : nextUtcMidnight(now).toISOString(),
    superLikesRemaining: Math.max(0, superLimit - usage.superLikesInWindow),
    weeklySuperLikeLimit: superLimit,
    superLikesResetAt: usage.oldestSuperLikeAt
      ? new Date(usage.oldestSuperLikeAt.getTime() + SUPER_LIKE_WINDOW_MS).toISOString()
      : null,
  };
}

/** Throws 429 LIMIT_REACHED when this swipe is over her budget. */
export function assertWithinLimits(
  usage: SwipeUsage,
  swipe: { isLike: boolean; superLike: boolean },
  now = new Date(),
): void {
  if (!swipe.isLike) return;
  if (swipe.superLike) {
    const limit = weeklySuperLikes(usage.premium);
    if (usage.superLikesInWindow < limit) return;
    const freesAt = usage.oldestSuperLikeAt ? usage.oldestSuperLikeAt.getTime() + SUPER_LIKE_WINDOW_MS : now.getTime();
    throw tooManyRequests(
      usage.premium
        ? `You've used your ${limit} super likes this week`
        : 'Super Like used this week. Upgrade to Premium for 5 super likes a week!',
      secondsUntil(freesAt, now),
      'LIMIT_REACHED',
    );
  }
  if (usage.premium || usage.likesToday < FREE_DAILY_LIKES) return;
  throw tooManyRequests(
    `Daily limit reached: you've used your ${FREE_DAILY_LIKES} likes for today. Upgrade to Premium for unlimited likes!`,
    secondsUntil(nextUtcMidnight(now).getTime(), now),
    'LIMIT_REACHED',
  );
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

/** The usage after one more swipe of this kind, without asking the database again. */
export function usageAfter(usage: SwipeUsage, swipe: { isLike: boolean; superLike: boolean }, at: Date): SwipeUsage {
  if (!swipe.isLike) return usage;
  if (swipe.superLike) {
    return {
      ...usage,
      superLikesInWindow: usage.superLikesInWindow + 1,
      oldestSuperLikeAt: usage.oldestSuperLikeAt ?? at,
    };
  }
  return { ...usage, likesToday: usage.likesToday + 1 };
}

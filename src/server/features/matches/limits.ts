import {
  FREE_DAILY_LIKES,
  FREE_WEEKLY_SUPER_LIKES,
  PREMIUM_WEEKLY_SUPER_LIKES,
  type SwipeLimits,
} from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { tooManyRequests, type AppError } from '../../http/errors';
import { localText } from '../../i18n';
import { readSwipeUsage, type SwipeCaps, type UsageRow } from './repository';

/**
 * The swipe budget, counted from the swipes themselves (no counters to drift):
 * - likes: free users get FREE_DAILY_LIKES per UTC day. UTC because the server knows no user time
 *   zone, and one fixed boundary cannot be gamed by changing the phone's clock. Passes are free.
 * - super likes: their own budget (they do not use a daily like), in a rolling 7-day window: no
 *   calendar week to define, and no "one on Sunday night, one on Monday morning" burst.
 * An undone swipe is deleted, so it gives its like back.
 */
const SUPER_LIKE_WINDOW_MS = 7 * 24 * 60 * 60_000;

interface SwipeUsage {
  premium: boolean;
  likesToday: number;
  superLikesInWindow: number;
  oldestSuperLikeAt: Date | null;
}

function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const nextUtcMidnight = (now: Date) => new Date(utcDayStart(now).getTime() + 24 * 60 * 60_000);

/** The windows her budget is counted over at `now`: the UTC day, and the rolling super-like window. */
export function budgetWindows(now: Date): { dayStart: string; windowStart: string } {
  return {
    dayStart: utcDayStart(now).toISOString(),
    windowStart: new Date(now.getTime() - SUPER_LIKE_WINDOW_MS).toISOString(),
  };
}

/** Her usage from the counts the database returns (swipe_usage, or record_swipe before a swipe). */
export function usageFrom(premium: boolean, row: UsageRow | undefined): SwipeUsage {
  return {
    premium,
    likesToday: row?.likes_today ?? 0,
    superLikesInWindow: row?.super_likes ?? 0,
    oldestSuperLikeAt: row?.oldest_super_like_at ? new Date(row.oldest_super_like_at) : null,
  };
}

export async function swipeUsage(db: Db, userId: string, premium: boolean, now = new Date()): Promise<SwipeUsage> {
  // swipe_usage (matches/sql/swipe_usage.sql) is the one definition of what counts, shared with record_swipe.
  return usageFrom(premium, await readSwipeUsage(db, userId, budgetWindows(now)));
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

/**
 * Her caps for this swipe, one per budget: a like spends a daily like (unlimited with Premium), a
 * super like a weekly super like, a pass nothing. Null: no cap.
 */
export function swipeCaps(premium: boolean, swipe: { isLike: boolean; superLike: boolean }): SwipeCaps {
  if (!swipe.isLike) return { likes: null, superLikes: null };
  if (swipe.superLike) return { likes: null, superLikes: weeklySuperLikes(premium) };
  return { likes: premium ? null : FREE_DAILY_LIKES, superLikes: null };
}

/**
 * The 429 LIMIT_REACHED for a swipe over her budget (record_swipe compares her usage with
 * `swipeCaps` under her lock): when the spent budget frees up again.
 */
export function limitReached(usage: SwipeUsage, swipe: { superLike: boolean }, now = new Date()): AppError {
  if (swipe.superLike) {
    const freesAt = usage.oldestSuperLikeAt ? usage.oldestSuperLikeAt.getTime() + SUPER_LIKE_WINDOW_MS : now.getTime();
    return tooManyRequests(
      usage.premium
        ? localText('superLikesUsedPremium', { count: weeklySuperLikes(true) })
        : localText('superLikeUsedFree'),
      secondsUntil(freesAt, now),
      'LIMIT_REACHED',
    );
  }
  return tooManyRequests(
    localText('dailyLikesUsed', { count: FREE_DAILY_LIKES }),
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

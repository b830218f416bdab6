import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BadgeId, UserBadge } from '../../contract/badges';
import { apiCall, lazyDeclarations } from './api';

const api = lazyDeclarations(() => import('../../contract/api/badges'));

export const BADGES_QUERY_PREFIX = ['/api/badges'] as const;
const ownKey = (userId: string) => [...BADGES_QUERY_PREFIX, 'user', userId] as const;

/** Every badge with her progress (her own), or another member's earned badges. */
export function useUserBadges(userId: string) {
  return useQuery({
    queryKey: ownKey(userId),
    queryFn: async () => (await apiCall((await api()).badgesApi.ofUser, { params: { id: userId } })).badges,
  });
}

/**
 * Once per session start: badges that depend on time or on other features (streaks, a complete profile,
 * Premium) are re-checked; anything new arrives as a badge_earned frame like any other award.
 */
export function useCheckAchievements(userId: string | undefined) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: async (id: string) => apiCall((await api()).badgesApi.check, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BADGES_QUERY_PREFIX }),
  });
  const { mutate } = check;
  useEffect(() => {
    if (userId) mutate(userId);
  }, [userId, mutate]);
}

/** What one step of progress is, per badge with a goal above one: [one, many]. */
const PROGRESS_UNITS: Partial<Record<BadgeId, readonly [string, string]>> = {
  social_butterfly: ['match', 'matches'],
  good_listener: ['conversation to reply in', 'conversations to reply in'],
  week_streak: ['day in a row', 'days in a row'],
  month_streak: ['day in a row', 'days in a row'],
  regular: ['meetup', 'meetups'],
  supportive: ['story to support', 'stories to support'],
  tea_critic: ['tea review', 'tea reviews'],
};

/** '2 more matches to Social Butterfly', '15% more to Profile Pro': how far an unearned badge is. */
export function badgeNudge(badge: UserBadge): string {
  const left = badge.maxProgress - badge.progress;
  if (badge.id === 'profile_pro') return `${left}% more to ${badge.badge.name}`;
  const [one, many] = PROGRESS_UNITS[badge.id] ?? ['step', 'steps'];
  return `${left} more ${left === 1 ? one : many} to ${badge.badge.name}`;
}

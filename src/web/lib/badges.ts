import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, lazyDeclarations } from './api';

const api = lazyDeclarations(() => import('../../contract/api/badges'));

export const BADGES_QUERY_PREFIX = ['/api/badges'] as const;
const ownKey = (userId: string) => [...BADGES_QUERY_PREFIX, 'user', userId] as const;
const earnedKey = (ids: readonly string[]) => [...BADGES_QUERY_PREFIX, 'earned', [...ids].sort().join(',')] as const;

/** Every badge with her progress (her own), or another member's earned badges. */
export function useUserBadges(userId: string) {
  return useQuery({
    queryKey: ownKey(userId),
    queryFn: async () => (await apiCall((await api()).badgesApi.ofUser, { params: { id: userId } })).badges,
  });
}

/** Earned badge ids of the members on screen, one request for all of them. */
export function useEarnedBadges(userIds: readonly string[]) {
  const ids = [...new Set(userIds)].slice(0, 40);
  return useQuery({
    queryKey: earnedKey(ids),
    queryFn: async () => (await apiCall((await api()).badgesApi.earned, { query: { userIds: ids.join(',') } })).earned,
    enabled: ids.length > 0,
    staleTime: 60_000,
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

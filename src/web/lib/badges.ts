import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { plural, t } from '@lingui/core/macro';
import type { badgesApi } from '../../contract/api/badges';
import type { UserBadge } from '../../contract/badges';
import { apiCall, lazyDeclarations } from './api';
import { badgeName } from './labels/badges';
import { queryKeyOf, routeRef } from './query-key';

const api = lazyDeclarations(() => import('../../contract/api/badges'));

/** A member's badges: an award (her check, a badge_earned frame) refreshes every cached member's. */
export const userBadgesRoute = routeRef<typeof badgesApi.ofUser>('GET', '/api/users/:id/badges');

/** Every badge with her progress (her own), or another member's earned badges. */
export function useUserBadges(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(userBadgesRoute, { params: { id: userId } }),
    queryFn: async () => (await apiCall((await api()).badgesApi.ofUser, { params: { id: userId } })).badges,
  });
}

/**
 * Once per session start: badges that depend on time or on other features (streaks, a complete profile,
 * Premium) are re-checked. What is new goes to `reveal` from the answer itself: its badge_earned frame
 * reaches her only if her socket was already open when the check ran.
 */
export function useCheckAchievements(userId: string | undefined, reveal: (badges: UserBadge[]) => void) {
  const queryClient = useQueryClient();
  const check = useMutation({
    mutationFn: async (id: string) => apiCall((await api()).badgesApi.check, { params: { id } }),
    onSuccess: ({ newlyEarned }) => {
      if (newlyEarned.length > 0) reveal(newlyEarned);
      return queryClient.invalidateQueries({ queryKey: queryKeyOf(userBadgesRoute) });
    },
  });
  const { mutate } = check;
  useEffect(() => {
    if (userId) mutate(userId);
  }, [userId, mutate]);
}

/** '2 more matches to Social Butterfly', '15% more to Profile Pro': how far an unearned badge is, in her language. */
export function badgeNudge(badge: UserBadge): string {
  const left = badge.maxProgress - badge.progress;
  const name = badgeName(badge.id);
  switch (badge.id) {
    case 'profile_pro':
      return t`${left}% more to ${name}`;
    case 'social_butterfly':
      return plural(left, { one: `# more match to ${name}`, other: `# more matches to ${name}` });
    case 'good_listener':
      return plural(left, {
        one: `# more conversation to reply in to ${name}`,
        other: `# more conversations to reply in to ${name}`,
      });
    case 'week_streak':
    case 'month_streak':
      return plural(left, { one: `# more day in a row to ${name}`, other: `# more days in a row to ${name}` });
    case 'regular':
      return plural(left, { one: `# more meetup to ${name}`, other: `# more meetups to ${name}` });
    case 'supportive':
      return plural(left, { one: `# more story to support to ${name}`, other: `# more stories to support to ${name}` });
    case 'tea_critic':
      return plural(left, { one: `# more tea review to ${name}`, other: `# more tea reviews to ${name}` });
    default:
      return plural(left, { one: `# more step to ${name}`, other: `# more steps to ${name}` });
  }
}

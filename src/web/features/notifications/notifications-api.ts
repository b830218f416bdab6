import { useQuery } from '@tanstack/react-query';
import { apiCall, lazyDeclarations } from '../../lib/api';
import { NOTIFICATIONS_QUERY_PREFIX } from '../../lib/query-keys';

const api = lazyDeclarations(() => import('../../../contract/api/notifications'));

export const notificationCountKey = [...NOTIFICATIONS_QUERY_PREFIX, 'count'] as const;
export const likesReceivedKey = [...NOTIFICATIONS_QUERY_PREFIX, 'likes-received'] as const;
export const potentialMatchesKey = [...NOTIFICATIONS_QUERY_PREFIX, 'potential-matches'] as const;

/** Product §9: the badge caps at 9+. Nothing is shown at 0. */
export function formatBadgeCount(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** People who liked me and wait for my swipe; a failed read shows no badge rather than an error. */
export function useNotificationCount(): number {
  const { data } = useQuery({
    queryKey: notificationCountKey,
    queryFn: async () => apiCall((await api()).notificationsApi.count),
  });
  return data ?? 0;
}

/** Read only while the panel is open. */
export function useLikesReceived(enabled: boolean) {
  return useQuery({
    queryKey: likesReceivedKey,
    queryFn: async () => apiCall((await api()).notificationsApi.likesReceived),
    enabled,
  });
}

/** Premium only: free users never ask (the server would refuse with 403). */
export function usePotentialMatches(enabled: boolean) {
  return useQuery({
    queryKey: potentialMatchesKey,
    queryFn: async () => apiCall((await api()).notificationsApi.potentialMatches),
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiCall, lazyDeclarations } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-key';
import { likesReceivedRoute, notificationCountRoute, potentialMatchesRoute } from '../../lib/shared-routes';

const api = lazyDeclarations(() => import('../../../contract/api/notifications'));

/** Product §9: the badge caps at 9+. Nothing is shown at 0. */
export function formatBadgeCount(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** People who liked me and wait for my swipe; a failed read shows no badge rather than an error. */
export function useNotificationCount(): number {
  const { data } = useQuery({
    queryKey: queryKeyOf(notificationCountRoute),
    queryFn: async () => apiCall((await api()).notificationsApi.count),
  });
  return data ?? 0;
}

/** Read only while the panel is open. */
export function useLikesReceived(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(likesReceivedRoute),
    queryFn: async () => apiCall((await api()).notificationsApi.likesReceived),
    enabled,
  });
}

/** Premium only: free users never ask (the server would refuse with 403). */
export function usePotentialMatches(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(potentialMatchesRoute),
    queryFn: async () => apiCall((await api()).notificationsApi.potentialMatches),
    enabled,
  });
}

import { useQuery } from '@tanstack/react-query';
import { likesReceived, notificationCount, potentialMatchList } from '../../../contract/notifications';
import { api } from '../../lib/api';

/** Every bell query starts with this, so a swipe can refresh them all at once. */
export const NOTIFICATIONS_QUERY_PREFIX = ['/api/notifications'] as const;

export const notificationCountKey = [...NOTIFICATIONS_QUERY_PREFIX, 'count'] as const;
export const likesReceivedKey = [...NOTIFICATIONS_QUERY_PREFIX, 'likes-received'] as const;
export const potentialMatchesKey = [...NOTIFICATIONS_QUERY_PREFIX, 'potential-matches'] as const;

/** Spec 9: the badge caps at 9+. Nothing is shown at 0. */
export function formatBadgeCount(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** People who liked me and wait for my swipe; a failed read shows no badge rather than an error. */
export function useNotificationCount(): number {
  const { data } = useQuery({
    queryKey: notificationCountKey,
    queryFn: () => api.get('/api/notifications/count', notificationCount),
  });
  return data ?? 0;
}

/** Read only while the panel is open. */
export function useLikesReceived(enabled: boolean) {
  return useQuery({
    queryKey: likesReceivedKey,
    queryFn: () => api.get('/api/notifications/likes-received', likesReceived),
    enabled,
  });
}

/** Premium only: free users never ask (the server would refuse with 403). */
export function usePotentialMatches(enabled: boolean) {
  return useQuery({
    queryKey: potentialMatchesKey,
    queryFn: () => api.get('/api/notifications/potential-matches', potentialMatchList),
    enabled,
  });
}

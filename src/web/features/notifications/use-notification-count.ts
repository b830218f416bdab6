import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

export const NOTIFICATION_COUNT_KEY = ['/api/notifications/count'] as const;

/** Spec 9: the badge caps at 9+. Nothing is shown at 0. */
export function formatBadgeCount(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** Unread notifications. Any failure (e.g. the endpoint not existing yet) reads as 0. */
export function useNotificationCount(enabled = true): number {
  const { data } = useQuery({
    queryKey: NOTIFICATION_COUNT_KEY,
    queryFn: async () => {
      try {
        return await api.get('/api/notifications/count', z.number().int().nonnegative());
      } catch {
        return 0;
      }
    },
    enabled,
  });
  return data ?? 0;
}

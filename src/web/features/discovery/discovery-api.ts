import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  discoveryFilters,
  discoveryPage,
  type DiscoveryFilters,
  type DiscoveryScope,
  type UpdateFiltersBody,
} from '../../../contract/discovery';
import { likeResponse, undoLikeResponse, type CreateLikeBody } from '../../../contract/matches';
import { api } from '../../lib/api';
import { MATCHES_QUERY_KEY } from '../matches/use-matches';
import { NOTIFICATIONS_QUERY_PREFIX } from '../notifications/notifications-api';

/** Every feed page of every scope starts with this, so one invalidation refreshes them all. */
export const DISCOVERY_QUERY_PREFIX = ['/api/users/discovery'] as const;

export const discoveryQueryKey = (userId: string, scope: DiscoveryScope) =>
  [...DISCOVERY_QUERY_PREFIX, userId, { scope }] as const;

export const filtersQueryKey = (userId: string) => ['/api/users', userId, 'filters'] as const;

function discoveryUrl(userId: string, scope: DiscoveryScope, cursor: string | null): string {
  const params = new URLSearchParams({ scope });
  if (cursor) params.set('cursor', cursor);
  return `/api/users/discovery/${encodeURIComponent(userId)}?${params.toString()}`;
}

/** The card feed for one scope, a page at a time (the server ranks and filters). */
export function useDiscoveryFeed(userId: string, scope: DiscoveryScope) {
  return useInfiniteQuery({
    queryKey: discoveryQueryKey(userId, scope),
    queryFn: ({ pageParam }) => api.get(discoveryUrl(userId, scope, pageParam), discoveryPage),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDiscoveryFilters(userId: string) {
  return useQuery({
    queryKey: filtersQueryKey(userId),
    queryFn: () => api.get(`/api/users/${encodeURIComponent(userId)}/filters`, discoveryFilters),
  });
}

export function useSaveFilters(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateFiltersBody) =>
      api.put(`/api/users/${encodeURIComponent(userId)}/filters`, body, discoveryFilters),
    onSuccess: async (saved: DiscoveryFilters) => {
      queryClient.setQueryData(filtersQueryKey(userId), saved);
      // New filters mean a different feed; drop the old pages rather than showing stale cards.
      await queryClient.resetQueries({ queryKey: DISCOVERY_QUERY_PREFIX });
    },
  });
}

/** Like, pass or super like. The server enforces the limits and may answer with a match. */
export function useSwipeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLikeBody) => api.post('/api/likes', body, likeResponse),
    onSuccess: async (result) => {
      // Swiping someone who liked me takes her out of the bell; a match joins the strip.
      const refreshes = [queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_PREFIX })];
      if (result.match) refreshes.push(queryClient.invalidateQueries({ queryKey: MATCHES_QUERY_KEY }));
      await Promise.all(refreshes);
    },
  });
}

/** Premium: takes back my most recent swipe. */
export function useUndoSwipeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (swipeId: string) => api.delete(`/api/likes/${encodeURIComponent(swipeId)}`, undefined, undoLikeResponse),
    onSuccess: async (result) => {
      const refreshes = [queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_PREFIX })];
      if (result.matchDissolved) refreshes.push(queryClient.invalidateQueries({ queryKey: MATCHES_QUERY_KEY }));
      await Promise.all(refreshes);
    },
  });
}

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscoveryFilters, DiscoveryScope, UpdateFiltersBody } from '../../../contract/discovery';
import type { CreateLikeBody } from '../../../contract/matches';
import { apiCall, lazyDeclarations } from '../../lib/api';
import { MATCHES_QUERY_KEY } from '../../lib/matches';
import { DISCOVERY_QUERY_PREFIX, filtersQueryKey, NOTIFICATIONS_QUERY_PREFIX } from '../../lib/query-keys';

const matches = lazyDeclarations(() => import('../../../contract/api/matches'));
const profiles = lazyDeclarations(() => import('../../../contract/api/profiles'));
const discovery = lazyDeclarations(() => import('../../../contract/api/discovery'));

export const discoveryQueryKey = (userId: string, scope: DiscoveryScope) =>
  [...DISCOVERY_QUERY_PREFIX, userId, { scope }] as const;

/** The card feed for one scope, a page at a time (the server ranks and filters). */
export function useDiscoveryFeed(userId: string, scope: DiscoveryScope) {
  return useInfiniteQuery({
    queryKey: discoveryQueryKey(userId, scope),
    queryFn: async ({ pageParam }) =>
      apiCall((await discovery()).discoveryApi.feed, {
        params: { userId },
        query: { scope, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDiscoveryFilters(userId: string) {
  return useQuery({
    queryKey: filtersQueryKey(userId),
    queryFn: async () => apiCall((await discovery()).discoveryApi.getFilters, { params: { userId } }),
  });
}

export function useSaveFilters(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateFiltersBody) =>
      apiCall((await discovery()).discoveryApi.saveFilters, { params: { userId }, body }),
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
    mutationFn: async (body: CreateLikeBody) => apiCall((await matches()).matchesApi.swipe, { body }),
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
    mutationFn: async (swipeId: string) => apiCall((await matches()).matchesApi.undoSwipe, { params: { id: swipeId } }),
    onSuccess: async (result) => {
      const refreshes = [queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_PREFIX })];
      if (result.matchDissolved) refreshes.push(queryClient.invalidateQueries({ queryKey: MATCHES_QUERY_KEY }));
      await Promise.all(refreshes);
    },
  });
}

/**
 * A card shown in Discover counts as a view of that profile (the server keeps one per viewer and
 * day). An explicit POST: reading a profile records nothing. A failed count is not worth a toast.
 */
export function recordProfileView(userId: string): void {
  void profiles()
    .then(({ profilesApi }) => apiCall(profilesApi.recordView, { params: { id: userId } }))
    .catch((error: unknown) => {
      console.warn('Profile view not recorded.', error);
    });
}

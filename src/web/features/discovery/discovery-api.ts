import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  DiscoveryFilters,
  DiscoveryMode,
  DiscoveryScope,
  FriendsFilters,
  LookingFor,
  UpdateFriendsFiltersBody,
  TravelBody,
  TravelState,
  UpdateFiltersBody,
} from '../../../contract/discovery';
import type { discoveryApi } from '../../../contract/api/discovery';
import type { SwipeBody } from '../../../contract/matches';
import { apiCall, lazyDeclarations } from '../../lib/api';
import { matchListRoute } from '../../lib/matches';
import { invalidateRoutes, queryKeyOf, routeRef } from '../../lib/query-key';
import { checkSession, useAuth } from '../../lib/session';
import { readDiscoverChoice } from './discover-choice';
import { BELL_ROUTES, discoveryFeedRoute, filtersRoute } from '../../lib/shared-routes';

const matches = lazyDeclarations(() => import('../../../contract/api/matches'));
const profiles = lazyDeclarations(() => import('../../../contract/api/profiles'));
const discovery = lazyDeclarations(() => import('../../../contract/api/discovery'));
const lookingForRoute = routeRef<typeof discoveryApi.getLookingFor>('GET', '/api/discovery/looking-for');
const friendsFiltersRoute = routeRef<typeof discoveryApi.getFriendsFilters>(
  'GET',
  '/api/users/:userId/friends-filters',
);
const travelRoute = routeRef<typeof discoveryApi.getTravel>('GET', '/api/discovery/travel');

const lookingForOptions = queryOptions({
  queryKey: queryKeyOf(lookingForRoute),
  queryFn: async () => apiCall((await discovery()).discoveryApi.getLookingFor),
});

const discoveryFeedOptions = (userId: string, scope: DiscoveryScope, mode: DiscoveryMode = 'dating') =>
  infiniteQueryOptions({
    queryKey: queryKeyOf(discoveryFeedRoute, { params: { userId }, query: { scope, mode } }),
    queryFn: async ({ pageParam }) =>
      apiCall((await discovery()).discoveryApi.feed, {
        params: { userId },
        query: { scope, mode, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The card feed for one scope and deck, a page at a time (the server ranks and filters). */
export function useDiscoveryFeed(userId: string, scope: DiscoveryScope, mode: DiscoveryMode) {
  return useInfiniteQuery(discoveryFeedOptions(userId, scope, mode));
}

/** Friends mode: what she is looking for (dating until she chooses). */
export function useLookingFor() {
  return useQuery(lookingForOptions);
}

export function useSetLookingFor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lookingFor: LookingFor) =>
      apiCall((await discovery()).discoveryApi.setLookingFor, { body: { lookingFor } }),
    onSuccess: async (state) => {
      queryClient.setQueryData(queryKeyOf(lookingForRoute), state);
      await Promise.all([
        queryClient.resetQueries({ queryKey: queryKeyOf(discoveryFeedRoute) }),
        invalidateRoutes(queryClient, BELL_ROUTES),
      ]);
    },
  });
}

export function useFriendsFilters(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(friendsFiltersRoute, { params: { userId } }),
    queryFn: async () => apiCall((await discovery()).discoveryApi.getFriendsFilters, { params: { userId } }),
  });
}

export function useSaveFriendsFilters(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateFriendsFiltersBody) =>
      apiCall((await discovery()).discoveryApi.saveFriendsFilters, { params: { userId }, body }),
    onSuccess: async (saved: FriendsFilters) => {
      queryClient.setQueryData(queryKeyOf(friendsFiltersRoute, { params: { userId } }), saved);
      await queryClient.resetQueries({ queryKey: queryKeyOf(discoveryFeedRoute) });
    },
  });
}

/**
 * Discover's first page and its first card's photo, the largest paint of /home: started by the route's
 * loader, in parallel with the route's code, instead of after the deck mounts. The
 * deck reads the same cached page. A visitor (no session) fetches nothing; a failure is left to the
 * deck's own query, which shows it.
 */
export async function prefetchDiscoveryFeed(queryClient: QueryClient): Promise<void> {
  const user = await checkSession(queryClient);
  if (!user) return;
  // The page Discover will open on: where she left it on this device.
  const { scope, deck } = readDiscoverChoice(user.id);
  const options = discoveryFeedOptions(user.id, scope, deck);
  // Which decks she looks in (Friends mode) decides whether the dating deck shows: read alongside.
  void queryClient.prefetchQuery(lookingForOptions);
  await queryClient.prefetchInfiniteQuery(options);
  const photo = queryClient.getQueryData(options.queryKey)?.pages[0]?.users[0]?.photos[0];
  if (photo) {
    // Kept in the document's image cache, so the card's <img> with the same URL paints without a request.
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = photo;
  }
}

export function useDiscoveryFilters(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(filtersRoute, { params: { userId } }),
    queryFn: async () => apiCall((await discovery()).discoveryApi.getFilters, { params: { userId } }),
  });
}

export function useSaveFilters(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateFiltersBody) =>
      apiCall((await discovery()).discoveryApi.saveFilters, { params: { userId }, body }),
    onSuccess: async (saved: DiscoveryFilters) => {
      queryClient.setQueryData(queryKeyOf(filtersRoute, { params: { userId } }), saved);
      // New filters mean a different feed; drop the old pages rather than showing stale cards.
      await queryClient.resetQueries({ queryKey: queryKeyOf(discoveryFeedRoute) });
    },
  });
}

/** Like, pass or super like. The server enforces the limits and may answer with a match. */
export function useSwipeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SwipeBody) => apiCall((await matches()).matchesApi.swipe, { body }),
    onSuccess: async (result) => {
      // Swiping someone who liked me takes her out of the bell; a match joins the strip.
      await Promise.all([
        invalidateRoutes(queryClient, BELL_ROUTES),
        result.match && queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) }),
      ]);
    },
  });
}

/** Premium: takes back my most recent swipe. */
export function useUndoSwipeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (swipeId: string) => apiCall((await matches()).matchesApi.undoSwipe, { params: { id: swipeId } }),
    onSuccess: async (result) => {
      await Promise.all([
        invalidateRoutes(queryClient, BELL_ROUTES),
        result.matchDissolved && queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) }),
      ]);
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

/** Her Travel mode trip (Premium), if one is running. */
/** Her trip; `enabled` false for a free member, who cannot have one (no request is made). */
export function useTravel(enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeyOf(travelRoute),
    queryFn: async () => apiCall((await discovery()).discoveryApi.getTravel),
  });
}

/** Starts, changes or ends her trip: her location changes, so her profile and her feed are read again. */
export function useTravelMutation() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationFn: async (body: TravelBody | null) => {
      const { discoveryApi } = await discovery();
      return body ? apiCall(discoveryApi.setTravel, { body }) : apiCall(discoveryApi.endTravel);
    },
    onSuccess: async (state: TravelState) => {
      queryClient.setQueryData(queryKeyOf(travelRoute), state);
      await Promise.all([refreshUser(), queryClient.resetQueries({ queryKey: queryKeyOf(discoveryFeedRoute) })]);
    },
  });
}

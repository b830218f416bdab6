import { useQuery } from '@tanstack/react-query';
import type { matchesApi } from '../../contract/api/matches';
import { apiCall, lazyDeclarations } from './api';
import { queryKeyOf, routeRef } from './query-key';

const api = lazyDeclarations(() => import('../../contract/api/matches'));

/** The session user's matches, newest first: chat, the bell and Discover refresh it after what changes one. */
export const matchListRoute = routeRef<typeof matchesApi.list>('GET', '/api/matches');

export function useMatches() {
  return useQuery({
    queryKey: queryKeyOf(matchListRoute),
    queryFn: async () => apiCall((await api()).matchesApi.list),
  });
}

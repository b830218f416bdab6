import { useQuery } from '@tanstack/react-query';
import { apiCall, lazyDeclarations } from './api';

const api = lazyDeclarations(() => import('../../contract/api/matches'));

/**
 * The session user's matches, newest first. Also a prefix of ['/api/matches', userId], so
 * invalidating it refreshes any screen that reads the per-user path.
 */
export const MATCHES_QUERY_KEY = ['/api/matches'] as const;

export function useMatches() {
  return useQuery({
    queryKey: MATCHES_QUERY_KEY,
    queryFn: async () => apiCall((await api()).matchesApi.list),
  });
}

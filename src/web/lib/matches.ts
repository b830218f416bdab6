import { useQuery } from '@tanstack/react-query';
import { matchesApi } from '../../contract/api/matches';
import { apiCall } from './api';

/**
 * The session user's matches, newest first. Also a prefix of ['/api/matches', userId], so
 * invalidating it refreshes any screen that reads the per-user path.
 */
export const MATCHES_QUERY_KEY = ['/api/matches'] as const;

export function useMatches() {
  return useQuery({
    queryKey: MATCHES_QUERY_KEY,
    queryFn: () => apiCall(matchesApi.list),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { profilesApi } from '../../contract/api/profiles';
import { apiCall, lazyDeclarations } from './api';
import { queryKeyOf, routeRef } from './query-key';

const api = lazyDeclarations(() => import('../../contract/api/profiles'));

const profileRoute = routeRef<typeof profilesApi.view>('GET', '/api/users/:id');

/** Another member's full public profile, as the server lets this viewer see it; fetched only while shown. */
export function useProfileDetail(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(profileRoute, { params: { id: userId } }),
    queryFn: async () => apiCall((await api()).profilesApi.view, { params: { id: userId } }),
    enabled,
    staleTime: 30_000,
    // A 404 (hidden, blocked or gone) will not change by asking again.
    retry: false,
  });
}

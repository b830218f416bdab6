import { useQuery } from '@tanstack/react-query';
import { apiCall, lazyDeclarations } from './api';

const api = lazyDeclarations(() => import('../../contract/api/profiles'));

const profileDetailKey = (userId: string) => ['/api/users', userId, 'detail'] as const;

/** Another member's full public profile, as the server lets this viewer see it; fetched only while shown. */
export function useProfileDetail(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: profileDetailKey(userId),
    queryFn: async () => apiCall((await api()).profilesApi.view, { params: { id: userId } }),
    enabled,
    staleTime: 30_000,
    // A 404 (hidden, blocked or gone) will not change by asking again.
    retry: false,
  });
}

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Preferences, Units, UpdatePreferencesBody } from '../../contract/preferences';
import { apiCall, lazyDeclarations } from './api';
import { applyTheme } from './theme';
import { followSavedLanguage } from './i18n';
import { useCurrentUser } from './session';
import { DISCOVERY_QUERY_PREFIX, filtersQueryKey } from './query-keys';

const api = lazyDeclarations(() => import('../../contract/api/preferences'));

export const preferencesQueryKey = (userId: string) => ['/api/users', userId, 'preferences'] as const;
const preferenceStatsQueryKey = (userId: string) => ['/api/users', userId, 'preference-stats'] as const;

const loadPreferences = async (userId: string) => {
  const prefs = await apiCall((await api()).preferencesApi.get, { params: { id: userId } });
  applyTheme(prefs.app.theme);
  followSavedLanguage(prefs.app.language);
  return prefs;
};

export function usePreferences(userId: string | undefined) {
  return useQuery({
    queryKey: preferencesQueryKey(userId ?? ''),
    queryFn: () => loadPreferences(userId ?? ''),
    enabled: userId !== undefined,
  });
}

/** Her preferences from the cache, or fetched into it (for code outside a screen's render). */
export function fetchPreferences(queryClient: QueryClient, userId: string) {
  return queryClient.fetchQuery({ queryKey: preferencesQueryKey(userId), queryFn: () => loadPreferences(userId) });
}

/** Stores on her account that she finished or skipped the tour, and keeps the cached copy in step. */
export async function markTourSeen(queryClient: QueryClient, userId: string): Promise<void> {
  await apiCall((await api()).preferencesApi.tourSeen, { params: { id: userId } });
  queryClient.setQueryData(preferencesQueryKey(userId), (prefs: Preferences | undefined) =>
    prefs ? { ...prefs, app: { ...prefs.app, tourSeen: true } } : prefs,
  );
}

/** The whole object goes back (the server replaces it); age is clamped into the editor's 18–65. */
export function toUpdateBody(p: Preferences): Preferences & UpdatePreferencesBody {
  const clamp = (age: number) => Math.min(65, Math.max(18, age));
  return { ...p, ageRange: [clamp(p.ageRange[0]), clamp(p.ageRange[1])] };
}

export function useSavePreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdatePreferencesBody) =>
      apiCall((await api()).preferencesApi.save, { params: { id: userId }, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(preferencesQueryKey(userId), saved);
      applyTheme(saved.app.theme);
      followSavedLanguage(saved.app.language);
      // Age range and distance are the discovery filters: both screens and the feed follow.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: filtersQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: preferenceStatsQueryKey(userId) }),
        queryClient.resetQueries({ queryKey: DISCOVERY_QUERY_PREFIX }),
      ]);
    },
  });
}

export function usePreferenceStats(userId: string) {
  return useQuery({
    queryKey: preferenceStatsQueryKey(userId),
    queryFn: async () => apiCall((await api()).preferencesApi.stats, { params: { id: userId } }),
  });
}

/** Her units (imperial until her preferences load): every distance on screen follows them. */
export function useUnits(): Units {
  const user = useCurrentUser();
  return usePreferences(user?.id).data?.app.units ?? 'imperial';
}

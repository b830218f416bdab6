import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { preferencesApi } from '../../contract/api/preferences';
import type { PREFERENCES_CHANGED, Preferences, Units, UpdatePreferencesBody } from '../../contract/preferences';
import { AGE_MAX, AGE_MIN } from '../../contract/preference-limits';
import { apiCall, isApiError, lazyDeclarations } from './api';
import { mergeEdits } from './preferences-merge';
import { applyTheme } from './theme';
import { defaultUnits } from './units';
import { followSavedLanguage } from './i18n';
import { useCurrentUser } from './session';
import { queryKeyOf, routeRef } from './query-key';
import { discoveryFeedRoute, filtersRoute } from './shared-routes';
import { useRealtimeEvent } from './realtime/realtime-provider';

const api = lazyDeclarations(() => import('../../contract/api/preferences'));

/** Her preferences: the editor reads the cached copy back when a save fails. */
export const preferencesRoute = routeRef<typeof preferencesApi.get>('GET', '/api/users/:id/preferences');
const preferenceStatsRoute = routeRef<typeof preferencesApi.stats>('GET', '/api/users/:id/preference-stats');

/*
 * The copies of her preferences this tab has seen, by revision: a save refused because another device saved
 * meanwhile finds here the copy she edited from, to tell her edits from what she left alone. A few are enough.
 */
const seenCopies = new Map<string, Preferences>();
const seenKey = (userId: string, revision: number | undefined) => `${userId}:${revision ?? -1}`;
function remember(userId: string, prefs: Preferences): Preferences {
  seenCopies.set(seenKey(userId, prefs.revision), prefs);
  for (const key of seenCopies.keys()) {
    if (seenCopies.size <= 16) break;
    seenCopies.delete(key);
  }
  return prefs;
}

const getPreferences = async (userId: string) =>
  remember(userId, await apiCall((await api()).preferencesApi.get, { params: { id: userId } }));

const loadPreferences = async (userId: string) => {
  const prefs = await getPreferences(userId);
  applyTheme(prefs.app.theme);
  // Its words not downloaded (offline): the device's language stays, and the next load tries again.
  followSavedLanguage(prefs.app.language).catch(() => undefined);
  return prefs;
};

export function usePreferences(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeyOf(preferencesRoute, { params: { id: userId ?? '' } }),
    queryFn: () => loadPreferences(userId ?? ''),
    enabled: userId !== undefined,
  });
}

/** Her preferences from the cache, or fetched into it (for code outside a screen's render). */
export function fetchPreferences(queryClient: QueryClient, userId: string) {
  return queryClient.fetchQuery({
    queryKey: queryKeyOf(preferencesRoute, { params: { id: userId } }),
    queryFn: () => loadPreferences(userId),
  });
}

/** Stores on her account that she finished or skipped the tour, and keeps the cached copy in step. */
export async function markTourSeen(queryClient: QueryClient, userId: string): Promise<void> {
  await apiCall((await api()).preferencesApi.tourSeen, { params: { id: userId } });
  queryClient.setQueryData(
    queryKeyOf(preferencesRoute, { params: { id: userId } }),
    (prefs: Preferences | undefined) => (prefs ? { ...prefs, app: { ...prefs.app, tourSeen: true } } : prefs),
  );
}

/** The whole object goes back (the server replaces it), with the revision it was edited from; age within the limits. */
export function toUpdateBody(p: Preferences): Preferences & UpdatePreferencesBody {
  const clamp = (age: number) => Math.min(AGE_MAX, Math.max(AGE_MIN, age));
  return { ...p, ageRange: [clamp(p.ageRange[0]), clamp(p.ageRange[1])] };
}

const CHANGED_ELSEWHERE: typeof PREFERENCES_CHANGED = 'PREFERENCES_CHANGED';

/**
 * Sends a save; when her preferences were saved on another device since the copy it was edited from (409), fetches
 * them again, puts only what she changed here on the fresh copy and sends that once more, so both devices' changes
 * stay and she sees nothing of it. A second refusal is shown as the save failing.
 */
async function saveMerging(userId: string, body: UpdatePreferencesBody): Promise<Preferences> {
  const { preferencesApi } = await api();
  const send = (next: UpdatePreferencesBody) => apiCall(preferencesApi.save, { params: { id: userId }, body: next });
  try {
    return remember(userId, await send(body));
  } catch (error) {
    if (!isApiError(error) || error.status !== 409 || error.body?.code !== CHANGED_ELSEWHERE) throw error;
    const fresh = await getPreferences(userId);
    const from = seenCopies.get(seenKey(userId, body.revision));
    return remember(userId, await send(mergeEdits(from, body, fresh)));
  }
}

/**
 * Saves her preferences (the server replaces the whole object). Her saves run one after another (one mutation
 * scope), so the answers come back in the order she chose; the theme and language on screen follow an answer only
 * when no later save is on its way, so a slow answer to her theme cannot undo the language she picked meanwhile.
 */
export function useSavePreferences(userId: string) {
  const queryClient = useQueryClient();
  const mutationKey = ['save-preferences', userId];
  return useMutation({
    mutationKey,
    scope: { id: `save-preferences:${userId}` },
    // Offline, fail at once (the screen says so and a switch turns back) rather than wait, unseen, and save later.
    networkMode: 'always',
    mutationFn: (body: UpdatePreferencesBody) => saveMerging(userId, body),
    onSuccess: async (saved) => {
      const key = queryKeyOf(preferencesRoute, { params: { id: userId } });
      const languageBefore = queryClient.getQueryData<Preferences>(key)?.app.language;
      queryClient.setQueryData(key, saved);
      // This save is still pending here: more than one means a later one is queued or on its way.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      applyTheme(saved.app.theme);
      followSavedLanguage(saved.app.language).catch(() => undefined);
      // The server writes some text in her language (conversation starters, messages): fetch it again in the new one.
      if (languageBefore !== undefined && languageBefore !== saved.app.language) void queryClient.invalidateQueries();
      // Age range and distance are the discovery filters: both screens and the feed follow.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeyOf(filtersRoute, { params: { userId } }) }),
        queryClient.invalidateQueries({ queryKey: queryKeyOf(preferenceStatsRoute, { params: { id: userId } }) }),
        queryClient.resetQueries({ queryKey: queryKeyOf(discoveryFeedRoute) }),
      ]);
    },
  });
}

/**
 * Her other devices follow a save (a `preferences_changed` frame reaches all her sockets): a copy older than the
 * saved revision is fetched again, which applies the theme and language it holds (no reload), and the filters
 * screen's copy too. The saving device already holds the revision from its answer and fetches nothing. A socket
 * that was away (asleep, offline, or still connecting when the save went out) missed the frame, so each
 * `connected` looks again.
 */
export function useFollowPreferenceSaves(userId: string) {
  const queryClient = useQueryClient();
  const follow = (revision?: number) => {
    const key = queryKeyOf(preferencesRoute, { params: { id: userId } });
    const before = queryClient.getQueryData<Preferences>(key);
    if (before !== undefined && revision !== undefined && before.revision >= revision) return;
    void (async () => {
      const after = await queryClient.fetchQuery({
        queryKey: key,
        queryFn: () => loadPreferences(userId),
        staleTime: 0,
      });
      if (before !== undefined && before.revision === after.revision) return;
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(filtersRoute, { params: { userId } }) });
      // As after her own save: text the server writes in her language is fetched again in the new one.
      if (before !== undefined && before.app.language !== after.app.language) void queryClient.invalidateQueries();
    })().catch(() => undefined);
  };
  useRealtimeEvent('preferences_changed', ({ revision }) => follow(revision));
  useRealtimeEvent('connected', () => follow());
}

export function usePreferenceStats(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(preferenceStatsRoute, { params: { id: userId } }),
    queryFn: async () => apiCall((await api()).preferencesApi.stats, { params: { id: userId } }),
  });
}

/** Her saved units (until her preferences load, her browser's guess): every distance on screen follows them. */
export function useUnits(): Units {
  const user = useCurrentUser();
  return usePreferences(user?.id).data?.app.units ?? defaultUnits();
}

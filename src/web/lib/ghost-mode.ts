import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, errorText, isApiError, lazyDeclarations } from './api';
import { toast } from '../components/ui/toast';
import { matchListRoute } from './matches';
import { queryKeyOf } from './query-key';
import { useAuth } from './session';
import { t } from '@lingui/core/macro';

const api = lazyDeclarations(() => import('../../contract/api/discovery'));

/**
 * Turns ghost mode on or off (premium; the server refuses otherwise). Product §7: on success the local
 * user is updated and GET /api/auth/me refreshed; product §8 toasts.
 */
export function useGhostMode() {
  const { user, setUser, refreshUser } = useAuth();
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: async (ghostMode: boolean) => {
      if (!user) throw new Error(t`User not authenticated`);
      return apiCall((await api()).discoveryApi.setGhostMode, { params: { id: user.id }, body: { ghostMode } });
    },
    // Offline, fail at once (the switch shows it is unchanged) rather than wait, unseen, and switch later.
    networkMode: 'always',
    onSuccess: async (result) => {
      if (user) setUser({ ...user, ghostMode: result.ghostMode });
      toast({
        title: result.ghostMode ? t`Ghost Mode Activated` : t`Ghost Mode Deactivated`,
        // The server's words, in her language: turning it off says how many matches it made.
        description: result.message,
      });
      // Turning it off turns likes she gave while hidden into matches when they are mutual.
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) })]);
    },
    onError: (error) => {
      toast({
        title: t`Failed to toggle ghost mode`,
        description:
          isApiError(error) && error.body?.code === 'PREMIUM_REQUIRED'
            ? t`Ghost mode is a Premium feature`
            : isApiError(error)
              ? (error.serverMessage ?? error.message)
              : errorText(error),
        variant: 'destructive',
      });
    },
  });

  return {
    ghostMode: user?.ghostMode ?? false,
    isPremium: user?.hasActiveSubscription ?? false,
    /** `onDone` runs once it is saved (and her account re-read), not when it failed. */
    // Not mutate's own onSuccess: the banner that asks unmounts as her account is re-read, and mutate drops the
    // callbacks of an unmounted caller. A refusal is already told in a toast (onError).
    setGhostMode: (on: boolean, onDone?: () => void) => void mutation.mutateAsync(on).then(onDone, () => undefined),
    isSaving: mutation.isPending,
  };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, isApiError, lazyDeclarations } from './api';
import { toast } from '../components/ui/toast';
import { MATCHES_QUERY_KEY } from './matches';
import { useAuth } from './session';
import { plural, t } from '@lingui/core/macro';

const api = lazyDeclarations(() => import('../../contract/api/discovery'));

/** The server's answer, said in her language (it writes English): how many matches turning it off made. */
function ghostModeText(result: { ghostMode: boolean; message: string }): string {
  if (result.ghostMode) return t`You're invisible: you won't appear in discovery or get new matches`;
  const made = Number(/you have (\d+) new match/.exec(result.message)?.[1] ?? 0);
  return made > 0
    ? t`You're visible in discovery again and you have ${plural(made, { one: '# new match', other: '# new matches' })}`
    : t`You're visible in discovery again`;
}

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
    onSuccess: async (result) => {
      if (user) setUser({ ...user, ghostMode: result.ghostMode });
      toast({
        title: result.ghostMode ? t`Ghost Mode Activated` : t`Ghost Mode Deactivated`,
        description: ghostModeText(result),
      });
      // Turning it off turns likes she gave while hidden into matches when they are mutual.
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: MATCHES_QUERY_KEY })]);
    },
    onError: (error) => {
      toast({
        title: t`Failed to toggle ghost mode`,
        description:
          isApiError(error) && error.body?.code === 'PREMIUM_REQUIRED'
            ? t`Ghost mode is a Premium feature`
            : isApiError(error)
              ? (error.serverMessage ?? error.message)
              : error.message,
        variant: 'destructive',
      });
    },
  });

  return {
    ghostMode: user?.ghostMode ?? false,
    isPremium: user?.hasActiveSubscription ?? false,
    setGhostMode: (on: boolean) => mutation.mutate(on),
    isSaving: mutation.isPending,
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchesApi } from '../../../contract/api/matches';
import { profilesApi } from '../../../contract/api/profiles';
import { type PhotoItem, type StatusBody, type UserStatus } from '../../../contract/profiles';
import { apiCall } from '../../lib/api';
import { apiUpload } from '../../lib/api-upload';
import { queryKeyOf } from '../../lib/query-key';
import type { Recording } from '../../lib/voice-recorder';
import { useAuth } from '../../lib/session';

/** Her profile numbers; fetched again every time the profile opens, since they change elsewhere. */
export function useProfileStats(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(matchesApi.profileStats, { params: { id: userId } }),
    queryFn: () => apiCall(matchesApi.profileStats, { params: { id: userId } }),
    refetchOnMount: 'always',
  });
}

export function usePhotos(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(profilesApi.listPhotos, { params: { id: userId } }),
    queryFn: async () => (await apiCall(profilesApi.listPhotos, { params: { id: userId } })).photos,
  });
}

/**
 * Stores a new photo list and puts it into the session user too: `user.photos` is exactly the
 * list's URLs in order, and the avatar, profile header and completeness read it from there.
 */
export function usePhotoListUpdate(userId: string) {
  const queryClient = useQueryClient();
  const { user, setUser } = useAuth();
  return async (photos: PhotoItem[]) => {
    queryClient.setQueryData(queryKeyOf(profilesApi.listPhotos, { params: { id: userId } }), photos);
    if (user) setUser({ ...user, photos: photos.map((p) => p.url) });
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(matchesApi.profileStats, { params: { id: userId } }) });
  };
}

export function useStatus(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(profilesApi.getStatus, { params: { id: userId } }),
    queryFn: async () => (await apiCall(profilesApi.getStatus, { params: { id: userId } })).status,
  });
}

export function useSetStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StatusBody) =>
      (await apiCall(profilesApi.setStatus, { params: { id: userId }, body })).status,
    onSuccess: (status: UserStatus | null) =>
      queryClient.setQueryData(queryKeyOf(profilesApi.getStatus, { params: { id: userId } }), status),
  });
}

/** A new status with her recorded voice note (and any text she wrote). */
export function useSetVoiceStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, recording }: { text: string; recording: Recording }) =>
      (
        await apiUpload(profilesApi.setVoiceStatus, { params: { id: userId } }, recording.blob, {
          ...(text && { text }),
          waveform: recording.waveform.join(','),
        })
      ).status,
    onSuccess: (status: UserStatus | null) =>
      queryClient.setQueryData(queryKeyOf(profilesApi.getStatus, { params: { id: userId } }), status),
  });
}

export function useClearStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiCall(profilesApi.clearStatus, { params: { id: userId } })).status,
    onSuccess: () => queryClient.setQueryData(queryKeyOf(profilesApi.getStatus, { params: { id: userId } }), null),
  });
}

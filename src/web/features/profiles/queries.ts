import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  photoList,
  profileStats,
  statusResponse,
  type PhotoItem,
  type StatusBody,
  type UserStatus,
} from '../../../contract/profiles';
import { api } from '../../lib/api';
import { useAuth } from '../auth/session';

export const profileKeys = {
  stats: (userId: string) => ['/api/users', userId, 'stats'] as const,
  photos: (userId: string) => ['/api/users', userId, 'photos'] as const,
  status: (userId: string) => ['/api/users', userId, 'status'] as const,
};

/** Her profile numbers; fetched again every time the profile opens, since they change elsewhere. */
export function useProfileStats(userId: string) {
  return useQuery({
    queryKey: profileKeys.stats(userId),
    queryFn: () => api.get(`/api/users/${userId}/stats`, profileStats),
    refetchOnMount: 'always',
  });
}

export function usePhotos(userId: string) {
  return useQuery({
    queryKey: profileKeys.photos(userId),
    queryFn: async () => (await api.get(`/api/users/${userId}/photos`, photoList)).photos,
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
    queryClient.setQueryData(profileKeys.photos(userId), photos);
    if (user) setUser({ ...user, photos: photos.map((p) => p.url) });
    await queryClient.invalidateQueries({ queryKey: profileKeys.stats(userId) });
  };
}

export function useStatus(userId: string) {
  return useQuery({
    queryKey: profileKeys.status(userId),
    queryFn: async () => (await api.get(`/api/users/${userId}/status`, statusResponse)).status,
  });
}

export function useSetStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StatusBody) => (await api.put(`/api/users/${userId}/status`, body, statusResponse)).status,
    onSuccess: (status: UserStatus | null) => queryClient.setQueryData(profileKeys.status(userId), status),
  });
}

export function useClearStatus(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete(`/api/users/${userId}/status`, undefined, statusResponse)).status,
    onSuccess: () => queryClient.setQueryData(profileKeys.status(userId), null),
  });
}

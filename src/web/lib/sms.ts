import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SmsSettingsBody } from '../../contract/sms';
import { apiCall, lazyDeclarations } from './api';

/** SMS match notifications: her number (confirmed by a code) and the switch, on Settings → Notifications. */
const api = lazyDeclarations(() => import('../../contract/api/sms'));

const smsQueryKey = (userId: string) => ['/api/users', userId, 'sms-settings'] as const;

export function useSmsSettings(userId: string) {
  return useQuery({
    queryKey: smsQueryKey(userId),
    queryFn: async () => apiCall((await api()).smsApi.get, { params: { id: userId } }),
  });
}

export function useSaveSms(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SmsSettingsBody) => apiCall((await api()).smsApi.save, { params: { id: userId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(smsQueryKey(userId), saved),
  });
}

export function useVerifySms(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      apiCall((await api()).smsApi.verify, { params: { id: userId }, body: { code } }),
    onSuccess: (saved) => queryClient.setQueryData(smsQueryKey(userId), saved),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { smsApi } from '../../contract/api/sms';
import type { SmsSettingsBody } from '../../contract/sms';
import { apiCall, errorText, fieldErrorText, lazyDeclarations } from './api';
import { queryKeyOf, routeRef } from './query-key';

/** SMS match notifications: her number (confirmed by a code) and the switch, on Settings → Notifications. */
const api = lazyDeclarations(() => import('../../contract/api/sms'));

const smsSettingsRoute = routeRef<typeof smsApi.get>('GET', '/api/users/:id/sms-settings');

export function useSmsSettings(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(smsSettingsRoute, { params: { id: userId } }),
    queryFn: async () => apiCall((await api()).smsApi.get, { params: { id: userId } }),
  });
}

export function useSaveSms(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SmsSettingsBody) => apiCall((await api()).smsApi.save, { params: { id: userId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeyOf(smsSettingsRoute, { params: { id: userId } }), saved),
  });
}

export function useVerifySms(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      apiCall((await api()).smsApi.verify, { params: { id: userId }, body: { code } }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeyOf(smsSettingsRoute, { params: { id: userId } }), saved),
  });
}

/** A refused SMS change in the server's words (in her language): the phone or code field's first, else the error's. */
export function smsErrorText(error: unknown, fallback: string): string {
  return fieldErrorText(error, 'phoneNumber') ?? fieldErrorText(error, 'code') ?? errorText(error, fallback);
}

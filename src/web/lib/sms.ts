import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { msg, plural, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SmsSettings, SmsSettingsBody } from '../../contract/sms';
import { apiCall, errorText, fieldErrorText, lazyDeclarations } from './api';
import { i18n } from './i18n';

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

/** The SMS routes' sentences (the server writes them in English), in her language; others as the server wrote them. */
const SMS_SERVER_TEXT: Record<string, MessageDescriptor> = {
  'Enter a valid phone number': msg`Enter a valid phone number, e.g. (503) 555-0123`,
  'Enter a valid phone number, e.g. (503) 555-0123': msg`Enter a valid phone number, e.g. (503) 555-0123`,
  'Enter your phone number to turn on SMS notifications': msg`Enter your phone number to turn on SMS notifications`,
  'Phone number is required': msg`Enter your phone number to turn on SMS notifications`,
  'Phone number is too long': msg`Phone number is too long`,
  'Too many codes sent. Please try again later.': msg`Too many codes sent. Please try again later.`,
  "We couldn't send a code to that number. Please try again.": msg`We couldn't send a code to that number. Please try again.`,
  'No code is waiting: save your phone number first': msg`No code is waiting: save your phone number first`,
  'This code has expired. Save your number again to get a new one.': msg`This code has expired. Save your number again to get a new one.`,
  'Too many wrong codes. Save your number again to get a new one.': msg`Too many wrong codes. Save your number again to get a new one.`,
  'That code was already used. Try again.': msg`That code was already used. Try again.`,
  'Enter the 6-digit code': msg`Enter the 6-digit code`,
};

/** A refused SMS change in her words: the phone field's own message first, else the error's. */
export function smsErrorText(error: unknown, fallback: string): string {
  const english = fieldErrorText(error, 'phoneNumber') ?? fieldErrorText(error, 'code') ?? errorText(error, fallback);
  const known = SMS_SERVER_TEXT[english];
  if (known) return i18n._(known);
  const wrongCode = /^That code is not right\. (\d+) tr(?:y|ies) left\.$/.exec(english);
  if (wrongCode) {
    const left = Number(wrongCode[1]);
    return t`That code is not right. ${plural(left, { one: '# try left.', other: '# tries left.' })}`;
  }
  return english;
}

/** What a saved SMS setting means now, said in her language (the answer's state, not the server's sentence). */
export function smsSavedText(saved: SmsSettings): string {
  const phone = saved.phoneNumber ?? '';
  if (saved.pendingVerification) return t`We sent a 6-digit code to ${phone}. Enter it to turn on SMS notifications.`;
  if (saved.smsNotifications) return t`SMS notifications are on for ${phone}.`;
  return t`SMS notifications are off.`;
}

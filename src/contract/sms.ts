import { z } from 'zod';

export const SMS_CODE_TRIES = 5;
export const SMS_CODE_TTL_MS = 10 * 60_000;
/** At most one match text per member in this window. */
export const SMS_MIN_INTERVAL_MS = 15 * 60_000;
export const SMS_MATCH_TEXT = 'You have a new match on Steep! Open the app to say hi.';
/** The phone field's example: a number the checks accept, the same as the refusal's example. */
export const SMS_PHONE_PLACEHOLDER = '(503) 555-0123';

export const smsSettingsBody = z.object({
  phoneNumber: z.string('Phone number must be text').trim().max(40, 'Phone number is too long').optional(),
  smsNotifications: z.boolean('smsNotifications must be true or false'),
});
export type SmsSettingsBody = z.input<typeof smsSettingsBody>;

export const smsSettings = z.object({
  /** Masked, e.g. '•••• 4567' — the full number is never sent back. */
  phoneNumber: z.string().nullable(),
  smsNotifications: z.boolean(),
  /** A code was sent to this (masked) number and awaits confirmation. */
  pendingVerification: z.boolean(),
});
export const smsSettingsResponse = smsSettings.extend({ message: z.string() });
export type SmsSettings = z.infer<typeof smsSettings>;

export const smsVerifyBody = z.object({
  code: z
    .string('Code must be text')
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

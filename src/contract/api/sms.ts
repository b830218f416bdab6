import { z } from 'zod';
import { smsSettings, smsSettingsBody, smsSettingsResponse, smsVerifyBody } from '../sms';
import { defineRoute } from './define';
import { selfIdParams } from './params';

/** SMS match notifications (owned by the notifications feature) and Twilio's opt-out webhook. */
export const smsApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/users/:id/sms-settings',
    access: { self: 'params.id' },
    summary: 'Her SMS match notification settings (number masked)',
    params: selfIdParams,
    response: smsSettings,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/sms-settings',
    access: { self: 'params.id' },
    summary: 'Turn SMS match notifications on (sends a code to a new number) or off',
    params: selfIdParams,
    body: smsSettingsBody,
    response: smsSettingsResponse,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/api/users/:id/sms-settings/verify',
    access: { self: 'params.id' },
    summary: 'Confirm her number with the 6-digit code (5 tries, 10 minutes)',
    params: selfIdParams,
    body: smsVerifyBody,
    response: smsSettingsResponse,
  }),
  twilioInbound: defineRoute({
    method: 'POST',
    path: '/api/sms/twilio/inbound',
    access: 'public',
    summary: "Twilio's inbound SMS webhook (signed): STOP turns SMS off",
    rawBody: true,
    body: z.object({ From: z.string(), Body: z.string() }),
    response: z.object({ received: z.boolean() }),
  }),
};

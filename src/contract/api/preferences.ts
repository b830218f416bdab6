import { z } from 'zod';
import {
  tourSeenResponse,
  preferences,
  preferenceStats,
  smsSettings,
  smsSettingsBody,
  smsSettingsResponse,
  smsVerifyBody,
  updatePreferencesBody,
} from '../preferences';
import { defineRoute } from './define';
import { selfIdParams } from './params';

export const preferencesApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/users/:id/preferences',
    access: { self: 'params.id' },
    summary: "The session user's whole preferences object (defaults until she saves)",
    params: selfIdParams,
    response: preferences,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/preferences',
    access: { self: 'params.id' },
    summary: 'Replace her preferences; premium toggles need an active subscription',
    params: selfIdParams,
    body: updatePreferencesBody,
    response: preferences,
  }),
  tourSeen: defineRoute({
    method: 'POST',
    path: '/api/users/:id/preferences/tour-seen',
    access: { self: 'params.id' },
    summary: 'Remember on her account that she finished or skipped the onboarding tour',
    params: selfIdParams,
    response: tourSeenResponse,
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/users/:id/preference-stats',
    access: { self: 'params.id' },
    summary: 'Her matches, weekly matches, profile views, match quality and popular interests nearby',
    params: selfIdParams,
    response: preferenceStats,
  }),
  getSms: defineRoute({
    method: 'GET',
    path: '/api/users/:id/sms-settings',
    access: { self: 'params.id' },
    summary: 'Her SMS match notification settings (number masked)',
    params: selfIdParams,
    response: smsSettings,
  }),
  saveSms: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/sms-settings',
    access: { self: 'params.id' },
    summary: 'Turn SMS match notifications on (sends a code to a new number) or off',
    params: selfIdParams,
    body: smsSettingsBody,
    response: smsSettingsResponse,
  }),
  verifySms: defineRoute({
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

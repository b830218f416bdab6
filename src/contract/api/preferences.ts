import { z } from 'zod';
import {
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
    summary: "The session user's whole preferences object (defaults until she saves)",
    params: selfIdParams,
    idIsUser: true,
    response: preferences,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/preferences',
    summary: 'Replace her preferences; premium toggles need an active subscription',
    params: selfIdParams,
    idIsUser: true,
    body: updatePreferencesBody,
    response: preferences,
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/users/:id/preference-stats',
    summary: 'Her matches, weekly matches, profile views, match quality and popular interests nearby',
    params: selfIdParams,
    idIsUser: true,
    response: preferenceStats,
  }),
  getSms: defineRoute({
    method: 'GET',
    path: '/api/users/:id/sms-settings',
    summary: 'Her SMS match notification settings (number masked)',
    params: selfIdParams,
    idIsUser: true,
    response: smsSettings,
  }),
  saveSms: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/sms-settings',
    summary: 'Turn SMS match notifications on (sends a code to a new number) or off',
    params: selfIdParams,
    idIsUser: true,
    body: smsSettingsBody,
    response: smsSettingsResponse,
  }),
  verifySms: defineRoute({
    method: 'POST',
    path: '/api/users/:id/sms-settings/verify',
    summary: 'Confirm her number with the 6-digit code (5 tries, 10 minutes)',
    params: selfIdParams,
    idIsUser: true,
    body: smsVerifyBody,
    response: smsSettingsResponse,
  }),
  twilioInbound: defineRoute({
    method: 'POST',
    path: '/api/sms/twilio/inbound',
    summary: "Twilio's inbound SMS webhook (signed): STOP turns SMS off",
    public: true,
    rawBody: true,
    body: z.object({ From: z.string(), Body: z.string() }),
    response: z.object({ received: z.boolean() }),
  }),
};

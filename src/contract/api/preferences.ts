import { tourSeenResponse, preferences, preferenceStats, updatePreferencesBody } from '../preferences';
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
};

import type { FastifyPluginAsync } from 'fastify';
import { preferencesApi } from '../../../contract/api/preferences';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import { preferenceStatsOf, type PreferenceStatSources } from './stats';
import { getPreferences, markTourSeen, savePreferences } from './store';

interface PreferencesDeps {
  db: Db;
  events: DomainEvents;
  stats: PreferenceStatSources;
}

export const preferencesRoutes: FastifyPluginAsync<PreferencesDeps> = async (app, deps) => {
  const { db } = deps;

  route(app, preferencesApi.get, async (request) => getPreferences(db, sessionUserId(request)));
  route(app, preferencesApi.save, async (request) => {
    const userId = sessionUserId(request);
    const saved = await savePreferences(db, userId, request.body);
    // After the commit: her other devices fetch what is stored now.
    deps.events.emit('preferences.changed', { userId, revision: saved.revision });
    return saved;
  });
  route(app, preferencesApi.tourSeen, async (request) => {
    await markTourSeen(db, sessionUserId(request));
    return { tourSeen: true as const };
  });
  route(app, preferencesApi.stats, async (request) => preferenceStatsOf(db, deps.stats, sessionUserId(request)));
};

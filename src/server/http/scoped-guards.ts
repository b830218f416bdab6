import type { FastifyInstance } from 'fastify';
import { isPremium, sessionUserId } from '../core';
import type { Db } from '../db/client';
import type { LocalText } from '../i18n';
import { premiumRequired } from './errors';

/*
 * Guards a feature's route plugin installs on its own routes only (Fastify encapsulates a plugin's hooks):
 * Tea's two features, stories and teas, share /api/tea/* and these rules.
 */

/**
 * The plugin's requests are not logged at info: for Tea a request line (address, time, DELETE /stories/:id)
 * is enough to tie a story to the person who wrote or deleted it. Warnings and errors still are.
 */
export function quietRequestLogs(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    options.logLevel = 'warn';
  });
}

/** Every route of the plugin is Premium, checked before anything else is read from the request. */
export function premiumOnly(app: FastifyInstance, db: Db, refusal: LocalText): void {
  app.addHook('onRequest', async (request) => {
    if (!(await isPremium(db, sessionUserId(request)))) throw premiumRequired(refusal);
  });
}

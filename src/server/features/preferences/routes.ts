import type { FastifyPluginAsync } from 'fastify';
import { preferencesApi } from '../../../contract/api/preferences';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sessionUserId } from '../../core';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { route } from '../../http/route';
import type { JobQueue } from '../../jobs';
import {
  getSmsSettings,
  handleInboundSms,
  sendMatchText,
  SMS_MATCH_JOB,
  SMS_CONTACT_JOB,
  sendContactText,
  updateSmsSettings,
  verifySmsCode,
  type SmsDeps,
} from './sms';
import { preferenceStatsOf, type PreferenceStatSources } from './stats';
import { getPreferences, markTourSeen, savePreferences } from './store';

interface PreferencesDeps {
  db: Db;
  config: Config;
  jobs: JobQueue;
  /** SMS (`smsDepsFrom`), shared with the preferences subscriptions. */
  sms: SmsDeps;
  stats: PreferenceStatSources;
}

export const preferencesRoutes: FastifyPluginAsync<PreferencesDeps> = async (app, deps) => {
  const { db, jobs, sms } = deps;

  route(app, preferencesApi.get, async (request) => getPreferences(db, sessionUserId(request)));
  route(app, preferencesApi.save, async (request) => savePreferences(db, sessionUserId(request), request.body));
  route(app, preferencesApi.tourSeen, async (request) => {
    await markTourSeen(db, sessionUserId(request));
    return { tourSeen: true as const };
  });
  route(app, preferencesApi.stats, async (request) => preferenceStatsOf(db, deps.stats, sessionUserId(request)));
  route(app, preferencesApi.getSms, async (request) => getSmsSettings(db, sessionUserId(request)));
  route(app, preferencesApi.saveSms, async (request) => updateSmsSettings(sms, sessionUserId(request), request.body));
  route(app, preferencesApi.verifySms, async (request) => verifySmsCode(db, sessionUserId(request), request.body.code));

  jobs.handle(SMS_CONTACT_JOB, async (payload) => sendContactText(sms, payload));
  jobs.handle(SMS_MATCH_JOB, async (payload) => {
    if (typeof payload.userId === 'string') await sendMatchText(sms, payload.userId);
  });

  // Twilio posts form-encoded bodies; the signature covers the exact parameters, so the body is read raw here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  route(app, preferencesApi.twilioInbound, async (request) => {
    const { provider } = sms;
    if (!provider.verifyWebhook) throw notFound('SMS webhooks are not enabled');
    const raw = typeof request.body === 'string' ? request.body : '';
    const params = Object.fromEntries(new URLSearchParams(raw));
    const signature = request.headers['x-twilio-signature'];
    const base = deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
    const url = new URL(request.url, base).toString();
    if (typeof signature !== 'string' || !provider.verifyWebhook(signature, url, params))
      throw forbidden('Invalid webhook signature');
    if (typeof params.From !== 'string' || typeof params.Body !== 'string')
      throw badRequest('From and Body are required');
    await handleInboundSms(db, params.From, params.Body);
    return { received: true };
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { smsApi } from '../../../../contract/api/sms';
import type { Config } from '../../../config';
import { sessionUserId } from '../../../core';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import { route } from '../../../http/route';
import {
  getSmsSettings,
  handleInboundSms,
  sendContactText,
  sendMatchText,
  SMS_CONTACT_JOB,
  SMS_MATCH_JOB,
  updateSmsSettings,
  verifySmsCode,
  type SmsDeps,
} from './texts';

/** Her SMS settings, the two text jobs (match, trusted contact) and Twilio's signed opt-out webhook. */
export const smsRoutes: FastifyPluginAsync<{ config: Config; sms: SmsDeps }> = async (app, deps) => {
  const { sms } = deps;
  const { db, jobs } = sms;
  route(app, smsApi.get, async (request) => getSmsSettings(db, sessionUserId(request)));
  route(app, smsApi.save, async (request) =>
    updateSmsSettings(sms, sessionUserId(request), request.body, await request.language()),
  );
  route(app, smsApi.verify, async (request) =>
    verifySmsCode(db, sessionUserId(request), request.body.code, await request.language()),
  );

  jobs.handle(SMS_CONTACT_JOB, async (payload) => sendContactText(sms, payload));
  jobs.handle(SMS_MATCH_JOB, async (payload) => {
    if (typeof payload.userId === 'string') await sendMatchText(sms, payload.userId);
  });

  // Twilio posts form-encoded bodies; the signature covers the exact parameters, so the body is read raw here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  route(app, smsApi.twilioInbound, async (request) => {
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

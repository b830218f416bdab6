import type { FastifyPluginAsync } from 'fastify';
import { billingApi } from '../../../contract/api/billing';
import type { Config } from '../../config';
import type { JobQueue } from '../../jobs';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import { getBoost, startBoost } from './boost';
import { scheduleRenewals } from './renewals';
import {
  billingConfigOf,
  cancelSubscription,
  confirmPayment,
  createSubscription,
  grantTestAccess,
  resumeSubscription,
  subscriptionDetails,
  subscriptionStatusOf,
  switchPlan,
  type BillingDeps,
} from './service';
import { handleStripeWebhook } from './webhook';

type BillingOptions = Omit<BillingDeps, 'log'> & { jobs: JobQueue; config: Config };

export const billingRoutes: FastifyPluginAsync<BillingOptions> = async (app, options) => {
  const { jobs, config, ...rest } = options;
  const deps: BillingDeps = { ...rest, log: app.log.child({ feature: 'billing' }) };
  const { db } = deps;
  scheduleRenewals(deps, jobs);

  route(app, billingApi.config, async () => billingConfigOf(deps));
  route(app, billingApi.status, async (request) => subscriptionStatusOf(db, sessionUserId(request)));
  route(app, billingApi.createSubscription, async (request) =>
    createSubscription(deps, sessionUserId(request), request.body.planType),
  );
  route(app, billingApi.confirm, async (request) => confirmPayment(deps, sessionUserId(request), request.body));
  route(app, billingApi.grantTestAccess, async (request) => grantTestAccess(deps, sessionUserId(request)));
  route(app, billingApi.subscription, async (request) =>
    subscriptionDetails(deps, sessionUserId(request), await request.language()),
  );
  route(app, billingApi.cancel, async (request) =>
    cancelSubscription(deps, sessionUserId(request), await request.language()),
  );
  route(app, billingApi.resume, async (request) =>
    resumeSubscription(deps, sessionUserId(request), await request.language()),
  );
  route(app, billingApi.switchPlan, async (request) =>
    switchPlan(deps, sessionUserId(request), request.body.planType, await request.language()),
  );
  route(app, billingApi.boostStatus, async (request) => getBoost(db, sessionUserId(request)));
  route(app, billingApi.boost, async (request) => startBoost(db, deps.caches, sessionUserId(request)));

  // The webhook's signature covers the exact bytes Stripe sent: this scope keeps the body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    route(raw, billingApi.webhook, async (request) =>
      handleStripeWebhook(
        { ...deps, webhookSecret: config.STRIPE_WEBHOOK_SECRET },
        Buffer.isBuffer(request.body) ? request.body : undefined,
        request.headers['stripe-signature'] as string | undefined,
      ),
    );
  });
};

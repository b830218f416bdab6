import { z } from 'zod';
import {
  billingConfig,
  boostStatus,
  confirmPaymentBody,
  confirmPaymentResponse,
  createSubscriptionBody,
  createSubscriptionResponse,
  subscriptionDetails,
  switchPlanBody,
  webhookResponse,
} from '../billing';
import { subscriptionStatus } from '../users';
import { defineRoute } from './define';
import { userIdParams } from './params';

export const billingApi = {
  config: defineRoute({
    method: 'GET',
    path: '/api/billing/config',
    access: 'member',
    summary: 'Which payment processor the web talks to (demo or Stripe) and whether Test Access is on',
    response: billingConfig,
  }),
  createSubscription: defineRoute({
    method: 'POST',
    path: '/api/create-subscription',
    access: { self: 'body.userId' },
    summary: 'Start a subscription to a plan: replaces an unpaid one, 409 when already Premium',
    body: createSubscriptionBody,
    response: createSubscriptionResponse,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/api/billing/confirm',
    access: 'member',
    summary: 'Pay for the started subscription with a card (demo processor); 402 with the processor message',
    body: confirmPaymentBody,
    response: confirmPaymentResponse,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/api/subscription-status/:userId',
    access: { self: 'params.userId' },
    summary: 'Whether the session user has Premium',
    params: userIdParams,
    response: subscriptionStatus,
  }),
  grantTestAccess: defineRoute({
    method: 'POST',
    path: '/api/grant-test-subscription/:userId',
    access: { self: 'params.userId' },
    summary: "The demo 'Test Access': a 30-day subscription without payment (off in production)",
    params: userIdParams,
    response: subscriptionStatus,
  }),
  subscription: defineRoute({
    method: 'GET',
    path: '/api/billing/subscription',
    access: 'member',
    summary: "The session user's subscription, payment history and boost",
    response: subscriptionDetails,
  }),
  cancel: defineRoute({
    method: 'POST',
    path: '/api/billing/cancel',
    access: 'member',
    summary: 'Cancel at the end of the paid period; Premium stays until then',
    response: subscriptionDetails,
  }),
  resume: defineRoute({
    method: 'POST',
    path: '/api/billing/resume',
    access: 'member',
    summary: 'Undo a cancellation before the period ends',
    response: subscriptionDetails,
  }),
  switchPlan: defineRoute({
    method: 'POST',
    path: '/api/billing/plan',
    access: 'member',
    summary: 'Switch monthly and annual; the new plan starts at the next renewal',
    body: switchPlanBody,
    response: subscriptionDetails,
  }),
  boost: defineRoute({
    method: 'POST',
    path: '/api/boost',
    access: 'member',
    summary: 'Profile Boost (Premium): 2x rank in discovery for 30 minutes, once a day',
    response: boostStatus,
  }),
  boostStatus: defineRoute({
    method: 'GET',
    path: '/api/boost',
    access: 'member',
    summary: 'Whether the session user is boosted and when she may boost again',
    response: boostStatus,
  }),
  webhook: defineRoute({
    method: 'POST',
    path: '/api/billing/webhook',
    access: 'public',
    summary: 'Stripe events, signature checked on the raw body, each event applied once',
    rawBody: true,
    body: z.record(z.string(), z.unknown()),
    response: webhookResponse,
  }),
};

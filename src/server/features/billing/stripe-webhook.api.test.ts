import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import type { PaymentProcessor } from './processors/types';
import { details, premium } from '../../test/billing';

/**
 * PAYMENTS=stripe. Stripe cannot be reached from here: the processor's API calls are replaced by a
 * recording stand-in, and every webhook is signed by the SDK's own generateTestHeaderString and
 * verified by the app with the real SDK.
 */
const WEBHOOK_SECRET = 'whsec_test_steep_webhook_secret';
const calls: string[] = [];
let counter = 0;
const fakeStripe: PaymentProcessor = {
  kind: 'stripe',
  publishableKey: 'pk_test_steep',
  async startSubscription({ userId, customerId }) {
    counter++;
    calls.push(`start ${userId}`);
    return {
      clientSecret: `pi_${counter}_secret_x`,
      customerId: customerId ?? `cus_${counter}`,
      subscriptionId: `sub_${counter}`,
    };
  },
  async discardPending(sub) {
    calls.push(`discard ${sub.providerSubscriptionId}`);
  },
  async setCancelAtPeriodEnd(sub, cancel) {
    calls.push(`cancel ${sub.providerSubscriptionId} ${cancel}`);
  },
  async schedulePlanChange(sub, plan) {
    calls.push(`schedule ${sub.providerSubscriptionId} ${plan.type}`);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_steep',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_steep',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    { payments: fakeStripe },
  );
});
afterAll(() => t.close());

const stripe = new Stripe('sk_test_steep');
const seconds = (ms: number) => Math.floor(ms / 1000);

function event(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-10-29',
    created: seconds(Date.now()),
    data: { object },
  });
}

function invoice(id: string, subscription: string, periodStart: number, periodEnd: number, amount = 399) {
  return {
    id,
    object: 'invoice',
    amount_paid: amount,
    amount_due: amount,
    currency: 'usd',
    parent: { subscription_details: { subscription } },
    lines: {
      data: [
        {
          period: { start: seconds(periodStart), end: seconds(periodEnd) },
          price: { lookup_key: 'steep_premium_monthly' },
        },
      ],
    },
  };
}

async function send(payload: string, secret = WEBHOOK_SECRET) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

async function startStripeSubscription(client: Client) {
  const response = await client.request('POST', '/api/create-subscription', { planType: 'monthly' });
  expect(response.statusCode, response.body).toBe(200);
  const rows = await t.database.db.query.subscriptions.findMany({ where: (s, { eq }) => eq(s.userId, client.user.id) });
  const sub = rows.find((r) => r.status === 'incomplete');
  if (!sub?.providerSubscriptionId) throw new Error('no Stripe subscription id');
  return { clientSecret: response.json().clientSecret as string, providerId: sub.providerSubscriptionId };
}

describe('the Stripe processor and its webhook', () => {
  it('starts a subscription through the processor and returns its confirmation secret, not Premium', async () => {
    const a = await signUp(t.app);
    const started = await startStripeSubscription(a);
    expect(started.clientSecret).toMatch(/^pi_\d+_secret_/);
    expect(calls).toContain(`start ${a.user.id}`);
    expect(await premium(a)).toBe(false);
    const config = (await a.request('GET', '/api/billing/config')).json();
    expect(config).toEqual({ processor: 'stripe', publishableKey: 'pk_test_steep', testAccess: true });
    // The demo card form is not how Stripe is paid.
    expect(
      (
        await a.request('POST', '/api/billing/confirm', {
          clientSecret: started.clientSecret,
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: 2040,
          cvc: '123',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('invoice.paid makes her Premium once; a replay of the same event changes nothing', async () => {
    const a = await signUp(t.app);
    const { providerId } = await startStripeSubscription(a);
    const now = Date.now();
    const paid = event(
      `evt_paid_${providerId}`,
      'invoice.paid',
      invoice(`in_${providerId}`, providerId, now, now + 30 * 86_400_000),
    );
    const first = await send(paid);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await premium(a)).toBe(true);
    const before = await details(a);
    expect(before.subscription).toMatchObject({ status: 'active', planType: 'monthly' });
    expect(before.payments).toHaveLength(1);

    const replay = await send(paid);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await details(a)).toEqual(before);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const a = await signUp(t.app);
    const { providerId } = await startStripeSubscription(a);
    const now = Date.now();
    const forged = event(
      `evt_forged_${providerId}`,
      'invoice.paid',
      invoice(`in_f_${providerId}`, providerId, now, now + 86_400_000),
    );
    const wrongSecret = await send(forged, 'whsec_not_the_right_one');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual({ message: 'Invalid Stripe signature', code: 'BAD_REQUEST' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: forged,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    // Signed, then altered: the signature covers the exact bytes.
    const signature = stripe.webhooks.generateTestHeaderString({ payload: forged, secret: WEBHOOK_SECRET });
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: forged.replace('"amount_paid":399', '"amount_paid":1'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(altered.statusCode).toBe(400);
    expect(await premium(a)).toBe(false);
    expect((await details(a)).payments).toEqual([]);
    // The genuine event is still applied afterwards: a refused one was not recorded as seen.
    expect((await send(forged)).json()).toEqual({ received: true, duplicate: false });
    expect(await premium(a)).toBe(true);
  });

  it('drives renewal failure (past_due, Premium lost), cancellation and deletion', async () => {
    const a = await signUp(t.app);
    const { providerId } = await startStripeSubscription(a);
    const now = Date.now();
    await send(
      event(`evt_p_${providerId}`, 'invoice.paid', invoice(`in_p_${providerId}`, providerId, now, now + 86_400_000)),
    );
    expect(await premium(a)).toBe(true);

    const cancel = await a.request('POST', '/api/billing/cancel');
    expect(cancel.json().subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(calls).toContain(`cancel ${providerId} true`);
    await a.request('POST', '/api/billing/resume');
    expect(calls).toContain(`cancel ${providerId} false`);
    await a.request('POST', '/api/billing/plan', { planType: 'annual' });
    expect(calls).toContain(`schedule ${providerId} annual`);

    const failed = await send(
      event(
        `evt_f_${providerId}`,
        'invoice.payment_failed',
        invoice(`in_r_${providerId}`, providerId, now, now + 86_400_000),
      ),
    );
    expect(failed.statusCode).toBe(200);
    expect((await details(a)).subscription?.status).toBe('past_due');
    expect(await premium(a)).toBe(false);

    await send(
      event(`evt_d_${providerId}`, 'customer.subscription.deleted', {
        id: providerId,
        object: 'subscription',
        status: 'canceled',
      }),
    );
    expect((await details(a)).subscription?.status).toBe('expired');
  });

  it("ignores events for subscriptions it doesn't know, and another member's events never touch her", async () => {
    const a = await signUp(t.app);
    await startStripeSubscription(a);
    const now = Date.now();
    const other = await send(
      event('evt_unknown', 'invoice.paid', invoice('in_unknown', 'sub_unknown', now, now + 86_400_000)),
    );
    expect(other.json()).toEqual({ received: true, duplicate: false });
    expect(await premium(a)).toBe(false);
  });
});

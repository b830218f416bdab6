import { createRequire } from 'node:module';
import type Stripe from 'stripe';

/**
 * The SDK loads on first use, not at start-up: most installs never configure Stripe, and loading it
 * costs every `npm start` a few hundred milliseconds.
 */
const loadStripe = (): typeof Stripe => createRequire(import.meta.url)('stripe') as typeof Stripe;
import { CURRENCY, type Plan, type PlanType } from '../../../../contract/billing';
import type { PaymentProcessor, ProviderSubscription } from './types';

interface StripeProcessorOptions {
  secretKey: string;
  publishableKey: string;
  /** Tests point the SDK at a local fake of the Stripe API: these machines cannot reach Stripe. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

const stripeLookupKey = (plan: PlanType) => `steep_premium_${plan}`;

/**
 * PAYMENTS=stripe: the official SDK. A subscription starts `default_incomplete` and the browser's
 * Payment Element pays its first invoice with the confirmation secret; from then on Stripe renews it
 * and reports through the webhook (webhook.ts), which drives the same lifecycle as the demo processor.
 * Prices are found by lookup key and created once if missing, so only the three keys need configuring.
 */
export function stripeProcessor(options: StripeProcessorOptions): PaymentProcessor {
  const stripe = new (loadStripe())(options.secretKey, {
    maxNetworkRetries: 2,
    ...(options.api && { host: options.api.host, port: options.api.port, protocol: options.api.protocol }),
  });
  const prices = new Map<PlanType, Promise<string>>();

  async function findOrCreatePrice(plan: Plan): Promise<string> {
    const lookupKey = stripeLookupKey(plan.type);
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing.id;
    const created = await stripe.prices.create({
      currency: CURRENCY,
      unit_amount: plan.priceCents,
      recurring: { interval: plan.interval },
      lookup_key: lookupKey,
      product_data: { name: `Steep Premium (${plan.name})` },
    });
    return created.id;
  }

  function priceId(plan: Plan): Promise<string> {
    let price = prices.get(plan.type);
    if (!price) {
      price = findOrCreatePrice(plan);
      prices.set(plan.type, price);
      // A failed lookup is retried on the next request, not cached.
      price.catch(() => prices.delete(plan.type));
    }
    return price;
  }

  const subscriptionIdOf = (subscription: ProviderSubscription) => {
    if (!subscription.providerSubscriptionId) throw new Error('Stripe subscription id missing');
    return subscription.providerSubscriptionId;
  };

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,
    async startSubscription({ userId, plan, customerId }) {
      const customer = customerId ?? (await stripe.customers.create({ metadata: { userId } })).id;
      const subscription = await stripe.subscriptions.create({
        customer,
        items: [{ price: await priceId(plan) }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId, plan: plan.type },
        expand: ['latest_invoice.confirmation_secret'],
      });
      const invoice = subscription.latest_invoice;
      const clientSecret =
        invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : undefined;
      if (!clientSecret) throw new Error('Stripe returned no confirmation secret for the first invoice');
      return { clientSecret, customerId: customer, subscriptionId: subscription.id };
    },
    async discardPending(subscription) {
      if (subscription.providerSubscriptionId) await stripe.subscriptions.cancel(subscription.providerSubscriptionId);
    },
    async setCancelAtPeriodEnd(subscription, cancel) {
      await stripe.subscriptions.update(subscriptionIdOf(subscription), { cancel_at_period_end: cancel });
    },
    async schedulePlanChange(subscription, plan) {
      // A schedule keeps the current price to the end of the period, then bills the new plan.
      const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscriptionIdOf(subscription) });
      const current = schedule.phases[0];
      if (!current) throw new Error('Stripe schedule has no current phase');
      await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: 'release',
        phases: [
          {
            items: current.items.map((item) => ({
              price: typeof item.price === 'string' ? item.price : item.price.id,
              quantity: item.quantity ?? 1,
            })),
            start_date: current.start_date,
            end_date: current.end_date,
          },
          {
            items: [{ price: await priceId(plan), quantity: 1 }],
            duration: { interval: plan.interval, interval_count: 1 },
          },
        ],
      });
    },
  };
}

/** Verifies a webhook's signature on the raw body; throws when it is not Stripe's. */
export function verifyStripeEvent(rawBody: Buffer | string, signature: string, secret: string): Stripe.Event {
  return loadStripe().webhooks.constructEvent(rawBody, signature, secret);
}

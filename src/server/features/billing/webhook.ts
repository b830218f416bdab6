import { z } from 'zod';
import { PLAN_TYPES, type PlanType } from '../../../contract/billing';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import {
  paymentFailed,
  paymentSucceeded,
  setCancellation,
  subscriptionEnded,
  type EntitlementChange,
} from './lifecycle';
import { verifyStripeEvent } from './processors/stripe';
import { lockByProviderId, recordBillingEvent } from './repository';
import { settle, type BillingDeps } from './service';
import { DECLINED } from './processors/demo';

/**
 * POST /api/billing/webhook: Stripe's events, verified on the raw body with the endpoint secret, each
 * applied once (the event id is stored in the same transaction as its effect, so a replay — Stripe
 * retries, or an attacker resending a captured event — changes nothing).
 */

const id = z.string().min(1);
const invoiceObject = z.object({
  id,
  amount_paid: z.number().int().default(0),
  amount_due: z.number().int().default(0),
  currency: z.string().default('usd'),
  /** API versions before 2025-03 */
  subscription: z.string().nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: z.string().nullish() }).nullish() }).nullish(),
  last_finalization_error: z.object({ message: z.string().nullish() }).nullish(),
  lines: z
    .object({
      data: z.array(
        z.object({
          period: z.object({ start: z.number().int(), end: z.number().int() }),
          metadata: z.record(z.string(), z.string()).nullish(),
          price: z.object({ lookup_key: z.string().nullish() }).nullish(),
          pricing: z.object({ price_details: z.object({ price: z.string().nullish() }).nullish() }).nullish(),
        }),
      ),
    })
    .default({ data: [] }),
});
const subscriptionObject = z.object({ id, cancel_at_period_end: z.boolean().default(false), status: z.string() });

const subscriptionIdOf = (invoice: z.infer<typeof invoiceObject>) =>
  invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;

function planOf(line: z.infer<typeof invoiceObject>['lines']['data'][number] | undefined): PlanType | null {
  const key = line?.price?.lookup_key ?? '';
  return PLAN_TYPES.find((plan) => key.endsWith(`_${plan}`)) ?? null;
}

interface WebhookDeps extends BillingDeps {
  webhookSecret: string | undefined;
}

export async function handleStripeWebhook(
  deps: WebhookDeps,
  rawBody: Buffer | undefined,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  if (!deps.webhookSecret) throw notFound('Stripe webhooks are not configured');
  if (!rawBody || !signature) throw badRequest('Missing Stripe signature');
  let event;
  try {
    event = verifyStripeEvent(rawBody, signature, deps.webhookSecret);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }
  const now = new Date();
  const result = await deps.db.transaction(async (tx) => {
    if (!(await recordBillingEvent(tx, { id: event.id, type: event.type, receivedAt: now })))
      return { duplicate: true, change: undefined };
    return {
      duplicate: false,
      change: await applyEvent(tx, deps.caches, event.id, event.type, event.data.object, now),
    };
  });
  await settle(deps, [result.change]);
  return { received: true, duplicate: result.duplicate };
}

async function applyEvent(
  tx: Db,
  caches: DbCaches,
  eventId: string,
  type: string,
  object: unknown,
  now: Date,
): Promise<EntitlementChange | undefined> {
  if (type === 'invoice.paid' || type === 'invoice.payment_failed') {
    const invoice = invoiceObject.safeParse(object);
    if (!invoice.success) return undefined;
    const subscriptionId = subscriptionIdOf(invoice.data);
    const sub = subscriptionId ? await lockByProviderId(tx, subscriptionId) : undefined;
    if (!sub) return undefined;
    const line = invoice.data.lines.data[0];
    const kind = sub.status === 'incomplete' ? ('initial' as const) : ('renewal' as const);
    const plan = planOf(line) ?? (kind === 'renewal' ? (sub.nextPlan ?? sub.plan) : sub.plan);
    const facts = { currency: invoice.data.currency, cardBrand: null, cardLast4: null, kind, plan };
    if (type === 'invoice.paid') {
      if (!line) return undefined;
      return paymentSucceeded(
        tx,
        caches,
        sub,
        {
          ...facts,
          reference: invoice.data.id,
          amountCents: invoice.data.amount_paid,
          periodStart: new Date(line.period.start * 1000),
          periodEnd: new Date(line.period.end * 1000),
        },
        now,
      );
    }
    return paymentFailed(
      tx,
      caches,
      sub,
      {
        ...facts,
        // Each failed attempt of one invoice is its own record.
        reference: `${invoice.data.id}:${eventId}`,
        amountCents: invoice.data.amount_due,
        message: invoice.data.last_finalization_error?.message ?? DECLINED,
      },
      now,
    );
  }
  if (type === 'customer.subscription.deleted' || type === 'customer.subscription.updated') {
    const parsed = subscriptionObject.safeParse(object);
    if (!parsed.success) return undefined;
    const sub = await lockByProviderId(tx, parsed.data.id);
    if (!sub) return undefined;
    if (type === 'customer.subscription.deleted') return subscriptionEnded(tx, caches, sub, now);
    const live = sub.status === 'active' || sub.status === 'canceled';
    if (live && sub.cancelAtPeriodEnd !== parsed.data.cancel_at_period_end) {
      return setCancellation(tx, caches, sub, parsed.data.cancel_at_period_end, now);
    }
  }
  return undefined;
}

import { PLANS, type PlanType } from '../../../contract/billing';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { accountState, setPremiumUntil } from '../../core';
import { insertPayment, liveSubscriptionsOf, updateSubscription, type SubscriptionRow } from './repository';

/**
 * The subscription lifecycle, the same for every processor: the demo processor calls it when a card
 * is charged (confirm, renewal sweep), the Stripe webhook when Stripe reports an invoice. Each step
 * runs inside the caller's transaction, with the subscription row locked, and ends by writing her
 * entitlement (`users.premium_until`) from her subscriptions: the one place it is written.
 */

/**
 * While a subscription renews itself, Premium runs this long past the period end: the renewal is
 * charged in that hour (the sweep runs every few minutes; Stripe finalises renewal invoices about an
 * hour after the period rolls). A cancelled subscription ends exactly at the period end.
 */
export const RENEWAL_GRACE_MS = 60 * 60_000;

const autoRenews = (sub: Pick<SubscriptionRow, 'status' | 'cancelAtPeriodEnd' | 'provider'>) =>
  sub.status === 'active' && !sub.cancelAtPeriodEnd && sub.provider !== 'test';

/** The end of what this subscription entitles, or null when it entitles nothing. */
function entitlementEnd(sub: SubscriptionRow): Date | null {
  if (!sub.currentPeriodEnd || (sub.status !== 'active' && sub.status !== 'canceled')) return null;
  return new Date(sub.currentPeriodEnd.getTime() + (autoRenews(sub) ? RENEWAL_GRACE_MS : 0));
}

/** Calendar months later, clamped to the month's last day (Jan 31 + 1 month = Feb 28/29). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export const periodEndFor = (plan: PlanType, start: Date) => addMonths(start, PLANS[plan].months);

export interface EntitlementChange {
  userId: string;
  wasPremium: boolean;
  isPremium: boolean;
}

/** Writes users.premium_until from her live subscriptions; says whether Premium just ended. */
export async function refreshEntitlement(
  tx: Db,
  caches: DbCaches,
  userId: string,
  now: Date,
): Promise<EntitlementChange> {
  const before = await accountState(tx, userId, now.getTime());
  const live = await liveSubscriptionsOf(tx, userId);
  const ends = live.map(entitlementEnd).filter((end): end is Date => end !== null);
  const until = ends.length === 0 ? null : new Date(Math.max(...ends.map((end) => end.getTime())));
  await setPremiumUntil(tx, caches, userId, until);
  return { userId, wasPremium: before?.premium ?? false, isPremium: until !== null && until.getTime() > now.getTime() };
}

interface PaymentFacts {
  reference: string;
  amountCents: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
  kind: 'initial' | 'renewal';
}

/**
 * Records one charge, once: the provider's reference is unique, so a replayed event or a second
 * confirm records nothing and returns false.
 */
async function recordPayment(
  tx: Db,
  sub: SubscriptionRow,
  payment: PaymentFacts & { plan: PlanType },
  outcome: { status: 'succeeded' } | { status: 'failed'; failureMessage: string },
  now: Date,
): Promise<boolean> {
  return insertPayment(tx, {
    userId: sub.userId,
    subscriptionId: sub.id,
    plan: payment.plan,
    amountCents: payment.amountCents,
    currency: payment.currency,
    kind: payment.kind,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    providerReference: payment.reference,
    createdAt: now,
    ...outcome,
  });
}

/**
 * A paid invoice: the subscription is active for the paid period. Returns undefined when this payment
 * was already recorded (a replayed event or a second confirm): nothing changes then.
 */
export async function paymentSucceeded(
  tx: Db,
  caches: DbCaches,
  sub: SubscriptionRow,
  payment: PaymentFacts & { plan: PlanType; periodStart: Date; periodEnd: Date; paymentMethod?: string | null },
  now: Date,
): Promise<EntitlementChange | undefined> {
  const stored = await recordPayment(tx, sub, payment, { status: 'succeeded' }, now);
  if (!stored) return undefined;
  await updateSubscription(tx, sub.id, {
    status: sub.cancelAtPeriodEnd ? 'canceled' : 'active',
    plan: payment.plan,
    nextPlan: sub.nextPlan === payment.plan ? null : sub.nextPlan,
    currentPeriodStart: payment.periodStart,
    currentPeriodEnd: payment.periodEnd,
    ...(payment.cardLast4 && { cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 }),
    ...(payment.paymentMethod && { providerPaymentMethod: payment.paymentMethod }),
    updatedAt: now,
  });
  return refreshEntitlement(tx, caches, sub.userId, now);
}

/** A failed charge. At renewal the subscription becomes past_due and Premium ends now. */
export async function paymentFailed(
  tx: Db,
  caches: DbCaches,
  sub: SubscriptionRow,
  payment: PaymentFacts & { plan: PlanType; message: string },
  now: Date,
): Promise<EntitlementChange | undefined> {
  const stored = await recordPayment(tx, sub, payment, { status: 'failed', failureMessage: payment.message }, now);
  if (!stored || payment.kind === 'initial') return undefined;
  await updateSubscription(tx, sub.id, { status: 'past_due', updatedAt: now });
  return refreshEntitlement(tx, caches, sub.userId, now);
}

/** The subscription is over (a cancelled period ran out, a grant ended, Stripe deleted it). */
export async function subscriptionEnded(
  tx: Db,
  caches: DbCaches,
  sub: SubscriptionRow,
  now: Date,
): Promise<EntitlementChange> {
  await updateSubscription(tx, sub.id, { status: 'expired', endedAt: now, updatedAt: now, clientSecretHash: null });
  return refreshEntitlement(tx, caches, sub.userId, now);
}

export async function setCancellation(
  tx: Db,
  caches: DbCaches,
  sub: SubscriptionRow,
  cancel: boolean,
  now: Date,
): Promise<EntitlementChange> {
  await updateSubscription(tx, sub.id, {
    status: cancel ? 'canceled' : 'active',
    cancelAtPeriodEnd: cancel,
    updatedAt: now,
  });
  return refreshEntitlement(tx, caches, sub.userId, now);
}

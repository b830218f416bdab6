import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CURRENCY,
  PLANS,
  type BillingConfig,
  type confirmPaymentBody,
  type ConfirmPaymentResponse,
  type CreateSubscriptionResponse,
  type PlanType,
  type SubscriptionDetails,
} from '../../../contract/billing';
import type { SubscriptionStatus } from '../../../contract/users';
import type { z } from 'zod';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { accountState, isPremium, setBoostedUntil } from '../../core';
import type { DomainEvents } from '../../domain-events';
import { badRequest, conflict, notFound, paymentFailedError } from '../../http/errors';
import { setGhost } from '../discovery';
import { boostStatusOf } from './boost';
import {
  paymentFailed,
  paymentSucceeded,
  periodEndFor,
  refreshEntitlement,
  setCancellation,
  type EntitlementChange,
} from './lifecycle';
import { cardProblems, paymentFailureText } from './processors/demo';
import type { PaymentProcessor } from './processors/types';
import {
  currentSubscription,
  expireUnpaid,
  insertSubscription,
  lockBySecret,
  lockNewestLive,
  paymentsOf,
  subscriptionsWith,
  updateSubscription,
  type SubscriptionRow,
} from './repository';
import { localText, render, type Language, type LocalText } from '../../i18n';

const inWords = (language: Language, text: LocalText | string) =>
  typeof text === 'string' ? text : render(language, text);

/** The demo 'Test Access' grant: 30 days, as one month of the monthly plan. */
const TEST_GRANT_DAYS = 30;

export interface BillingDeps {
  db: Db;
  caches: DbCaches;
  processor: PaymentProcessor;
  allowTestSubscriptions: boolean;
  events: DomainEvents;
  log: FastifyBaseLogger;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * After a transaction that changed entitlements, whoever is no longer Premium loses what Premium gave
 * (her boost stops, ghost mode goes off). Her cached row was evicted by the write in the transaction.
 */
export async function settle(deps: BillingDeps, changes: (EntitlementChange | undefined)[]): Promise<void> {
  for (const change of changes) {
    if (!change) continue;
    if (!change.isPremium) {
      await setBoostedUntil(deps.db, deps.caches, change.userId, null);
      // Ghost mode is Premium: it goes off, through discovery (mutual likes made while hidden match).
      if ((await accountState(deps.db, change.userId))?.ghost)
        await setGhost(deps.db, deps.caches, deps.events, change.userId, false);
    }
  }
}

export function billingConfigOf(deps: BillingDeps): BillingConfig {
  return {
    processor: deps.processor.kind,
    publishableKey: deps.processor.publishableKey,
    testAccess: deps.allowTestSubscriptions,
  };
}

export async function subscriptionStatusOf(db: Db, userId: string): Promise<SubscriptionStatus> {
  return { hasActiveSubscription: await isPremium(db, userId) };
}

const alreadyPremium = () => conflict(localText('youAlreadyHaveSteep'));

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/**
 * POST /api/create-subscription: an unpaid subscription to the plan and the secret the payment form
 * confirms it with. Choosing another plan before paying replaces the unpaid one.
 */
export async function createSubscription(
  deps: BillingDeps,
  userId: string,
  planType: PlanType,
): Promise<CreateSubscriptionResponse> {
  const { db, processor } = deps;
  if (await isPremium(db, userId)) throw alreadyPremium();
  const plan = PLANS[planType];
  const previous = await subscriptionsWith(db, userId, processor.kind);
  const customerId = previous.find((s) => s.providerCustomerId)?.providerCustomerId ?? null;
  // An unpaid one is replaced; a past-due one is closed: she starts over with a new card.
  const stale = previous.filter((s) => s.status === 'incomplete' || s.status === 'past_due');
  for (const sub of stale) await processor.discardPending(sub);

  const started = await processor.startSubscription({ userId, plan, customerId });
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      if (stale.length > 0) {
        await expireUnpaid(
          tx,
          stale.map((s) => s.id),
          now,
        );
      }
      await insertSubscription(tx, {
        userId,
        plan: plan.type,
        status: 'incomplete',
        provider: processor.kind,
        providerCustomerId: started.customerId,
        providerSubscriptionId: started.subscriptionId,
        clientSecretHash: hashSecret(started.clientSecret),
        createdAt: now,
        updatedAt: now,
      });
    });
  } catch (error) {
    // Two plan choices at the same moment: the other one won.
    if (isUniqueViolation(error)) throw conflict(localText('yourPaymentIsAlready'));
    throw error;
  }
  return { clientSecret: started.clientSecret, hasActiveSubscription: false };
}

type ConfirmBody = z.output<typeof confirmPaymentBody>;

/**
 * POST /api/billing/confirm (demo processor): charges the card for the subscription the secret
 * belongs to. The row lock makes a second confirm of the same secret wait, then see it paid: one
 * subscription, one payment. The card lives only in this function's memory.
 */
export async function confirmPayment(
  deps: BillingDeps,
  userId: string,
  body: ConfirmBody,
): Promise<ConfirmPaymentResponse> {
  const { db, processor } = deps;
  if (!processor.charge) throw badRequest(localText('cardPaymentsGoThrough'));
  const now = new Date();
  const card = { number: body.cardNumber, expMonth: body.expMonth, expYear: body.expYear, cvc: body.cvc };
  const problems = cardProblems(card, now);
  if (problems[0]) throw badRequest(problems[0].text ?? problems[0].message, problems);
  const charge = processor.charge.bind(processor);

  const outcome = await db.transaction(async (tx) => {
    const sub = await lockBySecret(tx, userId, hashSecret(body.clientSecret));
    if (!sub) throw notFound(localText('thisPaymentWasNot'));
    if (sub.status === 'active' || sub.status === 'canceled') return { paid: true as const, plan: sub.plan };
    if (sub.status !== 'incomplete') throw conflict(localText('thisPaymentCanNo'));
    if ((await accountState(tx, userId, now.getTime()))?.premium) throw alreadyPremium();

    const plan = PLANS[sub.plan];
    const result = charge(card, plan, now);
    const facts = {
      reference: result.reference,
      amountCents: plan.priceCents,
      currency: CURRENCY,
      cardBrand: result.cardBrand,
      cardLast4: result.cardLast4,
      kind: 'initial' as const,
      plan: plan.type,
    };
    if (!result.ok) {
      await paymentFailed(tx, deps.caches, sub, { ...facts, message: result.message }, now);
      return { paid: false as const, message: result.message };
    }
    const change = await paymentSucceeded(
      tx,
      deps.caches,
      sub,
      { ...facts, periodStart: now, periodEnd: periodEndFor(plan.type, now), paymentMethod: result.paymentMethod },
      now,
    );
    return { paid: true as const, plan: sub.plan, change };
  });
  if (!outcome.paid) throw paymentFailedError(paymentFailureText(outcome.message));
  if ('change' in outcome) await settle(deps, [outcome.change]);
  return { hasActiveSubscription: true, planType: outcome.plan };
}

/** The demo 'Test Access': a real subscription row (provider `test`) for 30 days, without payment. */
export async function grantTestAccess(deps: BillingDeps, userId: string): Promise<SubscriptionStatus> {
  const { db } = deps;
  if (!deps.allowTestSubscriptions) throw notFound(localText('noRouteForThis'));
  const now = new Date();
  const change = await db.transaction(async (tx) => {
    if ((await accountState(tx, userId, now.getTime()))?.premium) return undefined;
    await insertSubscription(tx, {
      userId,
      plan: 'monthly',
      status: 'active',
      provider: 'test',
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + TEST_GRANT_DAYS * 24 * 60 * 60_000),
      createdAt: now,
      updatedAt: now,
    });
    return refreshEntitlement(tx, deps.caches, userId, now);
  });
  await settle(deps, [change]);
  return { hasActiveSubscription: true };
}

const PAYMENT_HISTORY = 24;

/** Her subscription and payment history; the history's words (plan, why a charge failed) in `language`. */
export async function subscriptionDetails(
  deps: BillingDeps,
  userId: string,
  language: Language,
): Promise<SubscriptionDetails> {
  const { db } = deps;
  const now = Date.now();
  const state = await accountState(db, userId, now);
  const sub = await currentSubscription(db, userId);
  const history = await paymentsOf(db, userId, PAYMENT_HISTORY);
  return {
    hasActiveSubscription: state?.premium ?? false,
    processor: deps.processor.kind,
    subscription: sub
      ? {
          id: sub.id,
          planType: sub.plan,
          priceCents: PLANS[sub.plan].priceCents,
          currency: CURRENCY,
          status: sub.status,
          isTestGrant: sub.provider === 'test',
          currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          nextPlanType: sub.nextPlan,
          cardBrand: sub.cardBrand,
          cardLast4: sub.cardLast4,
        }
      : null,
    payments: history.map((p) => ({
      id: p.id,
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      description: render(language, localText('paymentFor', { plan: p.plan, renewal: p.kind === 'renewal' })),
      failureMessage: p.failureMessage && inWords(language, paymentFailureText(p.failureMessage)),
      createdAt: p.createdAt.toISOString(),
    })),
    boost: boostStatusOf(state, now),
  };
}

/** Her live subscription, locked; 404 when she has none. */
async function lockLive(tx: Db, userId: string): Promise<SubscriptionRow> {
  const sub = await lockNewestLive(tx, userId);
  if (!sub || (sub.status !== 'active' && sub.status !== 'canceled')) {
    throw notFound(localText('youDontHaveAn'));
  }
  return sub;
}

async function liveSubscription(db: Db, userId: string): Promise<SubscriptionRow> {
  return db.transaction((tx) => lockLive(tx, userId));
}

/** Cancels at the end of the paid period: Premium stays until then. Cancelling twice is a no-op. */
export async function cancelSubscription(
  deps: BillingDeps,
  userId: string,
  language: Language,
): Promise<SubscriptionDetails> {
  return changeCancellation(deps, userId, true, language);
}

/** Undoes a cancellation while the period runs. */
export async function resumeSubscription(
  deps: BillingDeps,
  userId: string,
  language: Language,
): Promise<SubscriptionDetails> {
  return changeCancellation(deps, userId, false, language);
}

async function changeCancellation(
  deps: BillingDeps,
  userId: string,
  cancel: boolean,
  language: Language,
): Promise<SubscriptionDetails> {
  const { db, processor } = deps;
  const sub = await liveSubscription(db, userId);
  if (sub.cancelAtPeriodEnd !== cancel) {
    // The processor first: if Stripe refuses, nothing here changes.
    if (sub.provider === processor.kind) await processor.setCancelAtPeriodEnd(sub, cancel);
    const now = new Date();
    const change = await db.transaction(async (tx) =>
      setCancellation(tx, deps.caches, await lockLive(tx, userId), cancel, now),
    );
    await settle(deps, [change]);
  }
  return subscriptionDetails(deps, userId, language);
}

/** Monthly ⇄ annual: the new plan is charged, and its period starts, at the next renewal. */
export async function switchPlan(
  deps: BillingDeps,
  userId: string,
  planType: PlanType,
  language: Language,
): Promise<SubscriptionDetails> {
  const { db, processor } = deps;
  const sub = await liveSubscription(db, userId);
  if (sub.provider === 'test') throw conflict(localText('testAccessDoesntRenew'));
  if (sub.cancelAtPeriodEnd) throw conflict(localText('resumeYourSubscriptionBefore'));
  const nextPlan = planType === sub.plan ? null : planType;
  if (nextPlan !== sub.nextPlan) {
    if (sub.provider === processor.kind) await processor.schedulePlanChange(sub, PLANS[planType]);
    await updateSubscription(db, sub.id, { nextPlan, updatedAt: new Date() });
  }
  return subscriptionDetails(deps, userId, language);
}

import { CURRENCY, PLANS } from '../../../contract/billing';
import type { JobQueue } from '../../jobs';
import {
  paymentFailed,
  paymentSucceeded,
  periodEndFor,
  RENEWAL_GRACE_MS,
  subscriptionEnded,
  type EntitlementChange,
} from './lifecycle';
import { dueSubscriptionIds, lockDue } from './repository';
import { settle, type BillingDeps } from './service';

/** The sweep runs at startup and every 5 minutes, on one instance at a time (the job queue's row locks). */
const RENEWAL_SWEEP_MS = 5 * 60_000;
export const RENEWAL_JOB = 'billing.renewals';
const BATCH = 50;

/**
 * Every subscription whose period has ended, that billing itself (not Stripe) must move on: a
 * cancelled one or a Test Access grant ends; an active demo one is charged for the next period or
 * becomes past_due. Each row is handled in its own transaction under FOR UPDATE SKIP LOCKED, so two
 * instances never charge the same period twice. Premium itself never waits for this: it ends by time
 * (users.premium_until); the sweep records what happened and takes away ghost mode and the boost.
 */
async function runRenewals(deps: BillingDeps, now: Date): Promise<number> {
  const { db, caches, processor } = deps;
  let handled = 0;
  for (;;) {
    const due = await dueSubscriptionIds(db, now, BATCH);
    const changes: (EntitlementChange | undefined)[] = [];
    let progressed = 0;
    for (const id of due) {
      const change = await db.transaction(async (tx) => {
        const sub = await lockDue(tx, id, now);
        // Another instance holds it, or it changed since we looked.
        if (!sub?.currentPeriodEnd) return undefined;
        progressed++;
        if (
          sub.status === 'canceled' ||
          sub.provider === 'test' ||
          !processor.renew ||
          sub.provider !== processor.kind
        ) {
          return subscriptionEnded(tx, caches, sub, now);
        }
        const plan = PLANS[sub.nextPlan ?? sub.plan];
        // A renewal charged late (the server was down past the grace) starts a fresh period now.
        const lateBy = now.getTime() - sub.currentPeriodEnd.getTime();
        const periodStart = lateBy <= RENEWAL_GRACE_MS ? sub.currentPeriodEnd : now;
        const result = processor.renew(sub, plan);
        const facts = {
          reference: result.reference,
          amountCents: plan.priceCents,
          currency: CURRENCY,
          cardBrand: result.cardBrand,
          cardLast4: result.cardLast4,
          kind: 'renewal' as const,
          plan: plan.type,
        };
        if (!result.ok) return paymentFailed(tx, caches, sub, { ...facts, message: result.message }, now);
        return paymentSucceeded(
          tx,
          caches,
          sub,
          { ...facts, periodStart, periodEnd: periodEndFor(plan.type, periodStart) },
          now,
        );
      });
      changes.push(change);
    }
    handled += progressed;
    await settle(deps, changes);
    if (due.length < BATCH || progressed === 0) return handled;
  }
}

export function scheduleRenewals(deps: BillingDeps, jobs: JobQueue): void {
  jobs.every(RENEWAL_JOB, RENEWAL_SWEEP_MS, async (now) => {
    const handled = await runRenewals(deps, now);
    if (handled > 0) deps.log.info({ handled }, 'subscription renewals swept');
  });
}

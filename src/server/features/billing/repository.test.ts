import { describe, expect, it } from 'vitest';
import { accountState } from '../../core';
import { createCaches } from '../../db/caches';
import { insertMember, useTestDatabase } from '../../test/direct';
import { paymentSucceeded, periodEndFor } from './lifecycle';
import {
  currentSubscription,
  dueSubscriptionIds,
  expireUnpaid,
  insertPayment,
  insertSubscription,
  lockDue,
  paymentsOf,
  recordBillingEvent,
  subscriptionsWith,
  type NewSubscription,
  type SubscriptionRow,
} from './repository';

/** Subscriptions, payments and the lifecycle's bookkeeping straight on the database: no app, no HTTP. */
const db = useTestDatabase();
const caches = createCaches({ singleWriter: true });

const DAY = 24 * 60 * 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/** A subscription of hers (demo processor, monthly, live by default); its row. */
async function subscription(userId: string, row: Partial<NewSubscription> = {}): Promise<SubscriptionRow> {
  const before = new Set((await subscriptionsWith(db(), userId, row.provider ?? 'demo')).map((s) => s.id));
  await insertSubscription(db(), {
    userId,
    plan: 'monthly',
    status: 'active',
    provider: 'demo',
    currentPeriodStart: ago(DAY),
    currentPeriodEnd: new Date(Date.now() + 29 * DAY),
    ...row,
  });
  const made = (await subscriptionsWith(db(), userId, row.provider ?? 'demo')).find((s) => !before.has(s.id));
  if (!made) throw new Error('subscription not inserted');
  return made;
}

let references = 0;
const payment = (sub: SubscriptionRow, createdAt: Date) => ({
  userId: sub.userId,
  subscriptionId: sub.id,
  plan: sub.plan,
  amountCents: 999,
  currency: 'usd',
  status: 'succeeded' as const,
  kind: 'initial' as const,
  providerReference: `ref-${++references}`,
  createdAt,
});

describe('currentSubscription', () => {
  it('is the live one, else the past-due one, else the latest that ran; never an unpaid one', async () => {
    const ana = await insertMember(db());
    await subscription(ana.id, { status: 'expired', createdAt: ago(3 * DAY), endedAt: ago(2 * DAY) });
    expect((await currentSubscription(db(), ana.id))?.status).toBe('expired');
    await subscription(ana.id, { status: 'incomplete', createdAt: ago(DAY) });
    expect((await currentSubscription(db(), ana.id))?.status).toBe('expired');
    await subscription(ana.id, { status: 'past_due', createdAt: ago(2 * DAY) });
    expect((await currentSubscription(db(), ana.id))?.status).toBe('past_due');
    const live = await subscription(ana.id, { status: 'canceled', createdAt: ago(4 * DAY) });
    expect((await currentSubscription(db(), ana.id))?.id).toBe(live.id);
  });

  it('expires unpaid ones among those named, leaving a paid one as it is', async () => {
    const ana = await insertMember(db());
    const unpaid = await subscription(ana.id, { status: 'incomplete', clientSecretHash: 'secret' });
    const paid = await subscription(ana.id);
    await expireUnpaid(db(), [unpaid.id, paid.id], new Date());
    const rows = new Map((await subscriptionsWith(db(), ana.id, 'demo')).map((s) => [s.id, s]));
    expect(rows.get(unpaid.id)).toMatchObject({ status: 'expired', clientSecretHash: null });
    expect(rows.get(paid.id)?.status).toBe('active');
  });
});

describe('the renewal sweep’s rows', () => {
  it('lists live subscriptions past their period end, longest overdue first, never Stripe’s', async () => {
    const ana = await insertMember(db());
    const now = new Date(Date.now() + 365 * DAY);
    const late = await subscription(ana.id, { currentPeriodEnd: new Date(now.getTime() - 2 * DAY) });
    const lateCancelled = await subscription(ana.id, {
      status: 'canceled',
      currentPeriodEnd: new Date(now.getTime() - DAY),
    });
    const stripe = await subscription(ana.id, { provider: 'stripe', currentPeriodEnd: new Date(now.getTime() - DAY) });
    const running = await subscription(ana.id, { currentPeriodEnd: new Date(now.getTime() + DAY) });
    const due = await dueSubscriptionIds(db(), now, 1000);
    expect(due.indexOf(late.id)).toBeLessThan(due.indexOf(lateCancelled.id));
    expect(due).toContain(lateCancelled.id);
    expect(due).not.toContain(stripe.id);
    expect(due).not.toContain(running.id);
    expect(await lockDue(db(), running.id, now)).toBeUndefined();
  });
});

describe('payments and events', () => {
  it('records a payment once by its reference and lists hers newest first', async () => {
    const ana = await insertMember(db());
    const sub = await subscription(ana.id);
    const first = payment(sub, ago(DAY));
    expect(await insertPayment(db(), first)).toBe(true);
    expect(await insertPayment(db(), first)).toBe(false);
    const second = payment(sub, ago(0));
    await insertPayment(db(), second);
    expect((await paymentsOf(db(), ana.id, 10)).map((p) => p.providerReference)).toEqual([
      second.providerReference,
      first.providerReference,
    ]);
    expect(await paymentsOf(db(), ana.id, 1)).toHaveLength(1);
  });

  it('stores a processor event once', async () => {
    const event = { id: `evt_${Date.now()}`, type: 'invoice.paid', receivedAt: new Date() };
    expect(await recordBillingEvent(db(), event)).toBe(true);
    expect(await recordBillingEvent(db(), event)).toBe(false);
  });

  it('makes her Premium on a paid invoice, and changes nothing when the same payment comes again', async () => {
    const ana = await insertMember(db());
    const sub = await subscription(ana.id, { status: 'incomplete', currentPeriodStart: null, currentPeriodEnd: null });
    const now = new Date();
    const paid = {
      reference: `ref-${++references}`,
      amountCents: 999,
      currency: 'usd',
      cardBrand: 'visa',
      cardLast4: '4242',
      kind: 'initial' as const,
      plan: 'monthly' as const,
      periodStart: now,
      periodEnd: periodEndFor('monthly', now),
    };
    const change = await db().transaction((tx) => paymentSucceeded(tx, caches, sub, paid, now));
    expect(change).toEqual({ userId: ana.id, wasPremium: false, isPremium: true });
    expect((await accountState(db(), ana.id))?.premium).toBe(true);
    expect(await db().transaction((tx) => paymentSucceeded(tx, caches, sub, paid, now))).toBeUndefined();
    expect(await subscriptionsWith(db(), ana.id, 'demo')).toEqual([
      expect.objectContaining({ status: 'active', cardLast4: '4242' }),
    ]);
  });
});

import { and, asc, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billingEvents, payments, subscriptions, type SubscriptionRow } from '../../db/schema/billing';

/**
 * Every statement of billing: subscriptions, payments and the processor's events. The lifecycle
 * (lifecycle.ts) and the services decide what a charge or an event does; what is read, written and
 * locked is here. Plain functions take the handle to run on (the database, or a transaction).
 */

export type { SubscriptionRow };
export type NewSubscription = typeof subscriptions.$inferInsert;
type NewPayment = typeof payments.$inferInsert;
type PaymentRow = typeof payments.$inferSelect;

/** A subscription that entitles her (paid; a cancelled one runs to its period end). */
const LIVE = ['active', 'canceled'] as const;

// ---------------------------------------------------------------------------------------------------
// Subscriptions

export async function insertSubscription(db: Db, row: NewSubscription): Promise<void> {
  await db.insert(subscriptions).values(row);
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Partial<Omit<NewSubscription, 'id' | 'userId'>>,
): Promise<void> {
  await db.update(subscriptions).set(changes).where(eq(subscriptions.id, id));
}

/** Her subscriptions with this processor, newest first. */
export async function subscriptionsWith(
  db: Db,
  userId: string,
  provider: SubscriptionRow['provider'],
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, provider)))
    .orderBy(desc(subscriptions.createdAt));
}

/**
 * Closes the subscriptions among `ids` that are still unpaid or past due (one paid since is left as it
 * is); their client secrets go with them.
 */
export async function expireUnpaid(db: Db, ids: string[], now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ status: 'expired', endedAt: now, updatedAt: now, clientSecretHash: null })
    .where(and(inArray(subscriptions.id, ids), inArray(subscriptions.status, ['incomplete', 'past_due'])));
}

/** Her live subscriptions (what her entitlement is computed from). */
export async function liveSubscriptionsOf(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)));
}

/** Her current subscription: the live one, else the most recent that ran (never an unpaid one). */
export async function currentSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), sql`${subscriptions.status} <> 'incomplete'`))
    .orderBy(
      sql`case ${subscriptions.status} when 'active' then 0 when 'canceled' then 0 when 'past_due' then 1 else 2 end`,
      desc(subscriptions.createdAt),
    )
    .limit(1);
  return row;
}

/**
 * The subscription row, locked FOR UPDATE until the transaction ends: every step of the lifecycle runs
 * under it, so a second confirm, a replayed event or the sweep waits and then sees what the first did.
 */
async function lockSubscription(tx: Db, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}

/** Hers whose client secret has this hash, locked. */
export async function lockBySecret(tx: Db, userId: string, secretHash: string): Promise<SubscriptionRow | undefined> {
  const [found] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.clientSecretHash, secretHash), eq(subscriptions.userId, userId)));
  return found && lockSubscription(tx, found.id);
}

/** Her newest live subscription, locked; the caller checks it is still live (it may have changed before the lock). */
export async function lockNewestLive(tx: Db, userId: string): Promise<SubscriptionRow | undefined> {
  const [live] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return live && lockSubscription(tx, live.id);
}

/** For the webhook and the sweep: the row a processor's subscription id names, locked. */
export async function lockByProviderId(tx: Db, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [found] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return found && lockSubscription(tx, found.id);
}

// ---------------------------------------------------------------------------------------------------
// The renewal sweep

/**
 * Up to `limit` live subscriptions whose period ended by `now` and that billing moves on itself (not
 * Stripe's, which Stripe renews and reports), the longest overdue first.
 */
export async function dueSubscriptionIds(db: Db, now: Date, limit: number): Promise<string[]> {
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, LIVE),
        ne(subscriptions.provider, 'stripe'),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
  return due.map(({ id }) => id);
}

/**
 * The subscription, locked, if it is still live and due at `now`; undefined when it changed since it was
 * listed, or another instance holds it (SKIP LOCKED: two sweeps never charge the same period twice).
 */
export async function lockDue(tx: Db, id: string, now: Date): Promise<SubscriptionRow | undefined> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, LIVE), lte(subscriptions.currentPeriodEnd, now)))
    .for('update', { skipLocked: true });
  return sub;
}

// ---------------------------------------------------------------------------------------------------
// Payments and events

/**
 * Records one charge, once: the provider's reference is unique, so a replayed event or a second
 * confirm records nothing and returns false.
 */
export async function insertPayment(db: Db, row: NewPayment): Promise<boolean> {
  const [stored] = await db
    .insert(payments)
    .values(row)
    .onConflictDoNothing({ target: payments.providerReference })
    .returning({ id: payments.id });
  return stored !== undefined;
}

/** Her latest payments, newest first. */
export async function paymentsOf(db: Db, userId: string, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

/** Stores a processor's event id; false when it was stored before (a replay). */
export async function recordBillingEvent(
  db: Db,
  event: { id: string; type: string; receivedAt: Date },
): Promise<boolean> {
  const [fresh] = await db
    .insert(billingEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return fresh !== undefined;
}

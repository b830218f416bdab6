import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PLAN_TYPES, SUBSCRIPTION_STATUSES } from '../../../contract/billing';
import { users } from './users';

/**
 * Owned by billing. A subscription row is the record of one purchase of Premium (or one demo grant):
 * its lifecycle is incomplete → active ⇄ canceled (until period end) → expired, or active → past_due.
 * Premium itself is read from users.premium_until, which billing keeps equal to the end of what the
 * subscription entitles (see docs/decisions/0014-premium-entitlement.md).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text({ enum: PLAN_TYPES }).notNull(),
    /** The plan that starts at the next renewal (a switch takes effect then). */
    nextPlan: text({ enum: PLAN_TYPES }),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull().default('incomplete'),
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** demo | stripe | test (the demo 'Test Access' grant). */
    provider: text({ enum: ['demo', 'stripe', 'test'] }).notNull(),
    providerCustomerId: text(),
    providerSubscriptionId: text(),
    /** The processor's handle on the saved card (never the card itself). */
    providerPaymentMethod: text(),
    /** sha256 of the payment form's client secret: a stolen database row cannot pay or read with it. */
    clientSecretHash: text(),
    cardBrand: text(),
    cardLast4: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_provider_subscription_key').on(t.providerSubscriptionId),
    uniqueIndex('subscriptions_client_secret_key').on(t.clientSecretHash),
    // The renewal sweep looks only at subscriptions that can still change on their own.
    index('subscriptions_period_end_idx')
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} in ('active', 'canceled')`),
    // At most one unpaid subscription per member: starting another replaces it.
    uniqueIndex('subscriptions_one_incomplete_key')
      .on(t.userId)
      .where(sql`${t.status} = 'incomplete'`),
  ],
);

/** Owned by billing. Card brand and last 4 only: the number and CVC never reach the database. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid()
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    plan: text({ enum: PLAN_TYPES }).notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: text({ enum: ['succeeded', 'failed'] }).notNull(),
    kind: text({ enum: ['initial', 'renewal'] }).notNull(),
    cardBrand: text(),
    cardLast4: text(),
    failureMessage: text(),
    /** The processor's charge or invoice id; one payment per reference. */
    providerReference: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('payments_provider_reference_key').on(t.providerReference),
  ],
);

/** Owned by billing. Processor events already applied: a replayed webhook is a no-op. */
export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type SubscriptionRow = typeof subscriptions.$inferSelect;

import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * Owned by the datesafety feature (Share My Date, product §2): her date plans and the trusted
 * contacts each was shared with. A contact's link is stored only as the SHA-256 of its token.
 */

export const datePlans = pgTable(
  'date_plans',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The conversation it was shared from; the match's first name and photo are read live (gone when unmatched). */
    matchId: uuid(),
    /** Or the meetup it was shared from. */
    eventId: uuid(),
    place: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    /** Her time zone (IANA): every time the contacts read is shown in it. */
    timeZone: text().notNull(),
    checkInAt: timestamp({ withTimezone: true }),
    /** The contacts' link answers until then (a day after the date), then 410. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** She tapped "I'm safe": no alert will go. */
    safeAt: timestamp({ withTimezone: true }),
    /** The contacts were told she did not check in (set once, in the transaction that queues the texts). */
    alertedAt: timestamp({ withTimezone: true }),
    /**
     * She cancelled: the links stop and no check-in runs. The row stays until the purge so a cancelled
     * plan still counts against the daily limits (share-and-cancel is not a way round them).
     */
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('date_plans_user_idx').on(t.userId, t.createdAt)],
);

export const datePlanContacts = pgTable(
  'date_plan_contacts',
  {
    id: uuid().primaryKey().defaultRandom(),
    planId: uuid()
      .notNull()
      .references(() => datePlans.id, { onDelete: 'cascade' }),
    /** The member who shared the plan (her export and her per-day limit read it). */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    channel: text().$type<'sms' | 'email'>().notNull(),
    /** E.164 or a lower-cased email: the alert is sent to it later. Gone with the plan. */
    address: text().notNull(),
    /** SHA-256 of `address`: the per-address daily limit across all members (SMS pumping). */
    addressHash: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('date_plan_contacts_token_idx').on(t.tokenHash),
    index('date_plan_contacts_plan_idx').on(t.planId),
    index('date_plan_contacts_address_idx').on(t.addressHash, t.createdAt),
  ],
);

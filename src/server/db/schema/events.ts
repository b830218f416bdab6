import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Tea meetups; owned by the events feature. */
export const events = pgTable(
  'events',
  {
    id: uuid().primaryKey().defaultRandom(),
    creatorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    /** 'City, State' from the location catalogue. */
    location: text().notNull(),
    /** Shown only to the host and attendees. */
    venue: text(),
    eventDate: timestamp({ withTimezone: true }).notNull(),
    maxAttendees: integer().notNull(),
    /** Kept equal to the attendee rows (the host included) inside the join/leave transactions: capacity is one UPDATE. */
    attendeeCount: integer().notNull().default(1),
    teaType: text(),
    verifiedOnly: boolean().notNull().default(false),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_upcoming_idx')
      .on(t.eventDate, t.id)
      .where(sql`${t.cancelledAt} is null`),
    index('events_creator_idx').on(t.creatorId),
  ],
);

export const eventAttendees = pgTable(
  'event_attendees',
  {
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_attendees_user_idx').on(t.userId)],
);

export type EventRow = typeof events.$inferSelect;

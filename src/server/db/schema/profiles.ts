import { date, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One row per viewer, profile and day: a profile view counts once per viewer per day. */
export const profileViews = pgTable(
  'profile_views',
  {
    viewerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.viewedId, t.viewerId, t.day] })],
);

/** The 24-hour status: one per user, replaced by the next. */
export const statuses = pgTable('statuses', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  text: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  /**
   * Her recorded voice note (private `statuses` media space), while the status lives: the expiry job
   * clears these and deletes the file.
   */
  voiceKey: text(),
  voiceContentType: text(),
  voiceBytes: integer(),
  voiceDurationMs: integer(),
  voiceWaveform: smallint().array(),
});

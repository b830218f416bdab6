import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const reports = pgTable(
  'reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * No foreign key: a report about a member outlives her account deletion, for safety, holding her
     * id only (docs/decisions/0010-account-deletion.md).
     */
    reportedUserId: uuid().notNull(),
    reason: text().notNull(),
    description: text(),
    /** received → under_review → action_taken | closed (REPORT_STATUSES). */
    status: text().notNull().default('received'),
    /** Premium at filing time: premium members get priority support in the review queue. */
    reporterPremium: boolean().notNull().default(false),
    /** The conversation it was filed from, when messages were attached. */
    matchId: uuid(),
    /**
     * The meetup it was filed from, when it reports an event (against its host). No foreign key:
     * events owns its table, and the report outlives a cancelled or deleted meetup.
     */
    eventId: uuid(),
    /**
     * Filed only through a report by username (username_reports): moderators review it like any report, but
     * her list and her export show the name she typed, never who it turned out to be.
     */
    byUsernameOnly: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reports_reporter_idx').on(t.reporterId),
    index('reports_reported_idx').on(t.reportedUserId),
    index('reports_open_idx').on(t.status, t.reportedUserId),
  ],
);

/**
 * A report by username, kept whether or not the name belongs to anyone, so the answer, her reports list and
 * her count are the same for a member's name and a name nobody has (whether someone is on Steep is private).
 * One per name and reason: filing it again adds nothing she can see.
 */
export const usernameReports = pgTable(
  'username_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    reporterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As she typed it (trimmed, without a leading @): what her list shows. */
    username: text().notNull(),
    /** Lower case: one report per name and reason. */
    usernameKey: text().notNull(),
    reason: text().notNull(),
    description: text(),
    /** The report it was filed as, when the name was a member's; never shown to her. */
    reportId: uuid().references(() => reports.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('username_reports_reporter_name_reason_key').on(t.reporterId, t.usernameKey, t.reason)],
);

/**
 * Copies of a conversation's last messages, taken when the report was filed: evidence that survives
 * the messages (or the match) being deleted. No foreign key to messages on purpose.
 */
export const reportMessages = pgTable(
  'report_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    reportId: uuid()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    messageId: uuid().notNull(),
    senderId: uuid().notNull(),
    content: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    position: integer().notNull(),
    /** 'text', or 'image' / 'voice' with a frozen copy of the file in the private `reports` media space. */
    messageType: text().notNull().default('text'),
    /** The copy's key; null for text, or when the file was already gone (a view-once photo opened). */
    mediaKey: text(),
    mediaContentType: text(),
    mediaDurationMs: integer(),
    mediaWaveform: smallint().array(),
    mediaViewOnce: boolean().notNull().default(false),
  },
  (t) => [index('report_messages_report_idx').on(t.reportId, t.position)],
);

/**
 * Members hidden from discovery until a moderator reviews them (3 different members reported her as
 * underage). One row per member: discovery's anti-join reads it by primary key.
 */
export const discoveryHolds = pgTable('discovery_holds', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

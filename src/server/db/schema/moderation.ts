import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The audit log: one row per moderator action, never updated or deleted (a trigger in the migration
 * refuses both). No cascade from users: the record outlives anyone in it.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    moderatorId: uuid()
      .notNull()
      .references(() => users.id),
    subjectUserId: uuid()
      .notNull()
      .references(() => users.id),
    /** MODERATION_ACTIONS: dismiss | warn | suspend | lift. */
    action: text().notNull(),
    /** The moderator's note, shown in the audit log. */
    reason: text().notNull(),
    /** The rule broken (a report reason), for warn and suspend. */
    rule: text(),
    suspendedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_subject_idx').on(t.subjectUserId, t.createdAt),
    index('moderation_actions_created_idx').on(t.createdAt),
  ],
);

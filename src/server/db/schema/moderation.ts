import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The audit log: one row per moderator action, never updated or deleted (a trigger in the migration
 * refuses both). The record outlives anyone in it: when a member (or a moderator) deletes her account
 * her id here becomes NULL, shown as "Deleted member" — the one change the trigger allows.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    moderatorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    subjectUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
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

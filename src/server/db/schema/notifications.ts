import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTICE_KINDS } from '../../../contract/notifications';
import { sessions } from './sessions';
import { users } from './users';

/** In-app notices; owned by the notifications feature, written from other features' domain events. */
export const notices = pgTable(
  'notices',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: NOTICE_KINDS }).notNull(),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('notices_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * A browser's Web Push subscription: one per device, tied to the session that made it, so
 * signing out on that device (its session row goes) removes it; her account's deletion removes all.
 * `endpoint` is a capability URL at her push service: it never leaves the server.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionTokenHash: text()
      .notNull()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    /** "Chrome on Android": from the user agent at subscription time, for her device list. */
    device: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastPushedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * What was already sent once-only (an event reminder, the unread-message mail for one message): the key
 * names the thing and the channel, so a re-run of the scan or a retried job never sends it twice.
 */
export const notificationsSent = pgTable(
  'notifications_sent',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

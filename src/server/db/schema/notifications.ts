import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * SMS match notifications. `phoneNumber` is confirmed E.164; a pending number waits for its code
 * (stored hashed) before SMS can go to it, so nobody can make Steep text someone else's phone.
 */
export const smsSettings = pgTable('sms_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text(),
  enabled: boolean().notNull().default(false),
  pendingPhone: text(),
  codeHash: text(),
  codeExpiresAt: timestamp({ withTimezone: true }),
  codeAttempts: integer().notNull().default(0),
  /** The last match text queued; at most one per 15 minutes. */
  lastQueuedAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every SMS handed to the provider (the log provider's outbox): the number is stored masked. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toMasked: text().notNull(),
    /**
     * SHA-256 of the E.164 number, for the per-number limit on verification texts (SMS pumping), without
     * keeping the number itself in the log of texts.
     */
    toHash: text(),
    /** `code` (a verification code: limited per number and per account), `notice` (a match text) or `contact` (a trusted contact's Share My Date text). */
    purpose: text().notNull().default('notice'),
    body: text().notNull(),
    provider: text().notNull(),
    providerId: text(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_user_idx').on(t.userId, t.sentAt), index('sms_outbox_to_hash_idx').on(t.toHash, t.sentAt)],
);

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LookingFor } from '../../../contract/discovery';
import type { Preferences } from '../../../contract/preferences';
import { users } from './users';

/*
 * Owned by the preferences feature: everything a member chooses about matching, privacy, notifications
 * and the app. Discovery reads the filters and the privacy/deal-breaker conditions through the
 * functions and SQL fragments features/preferences exports.
 */

/** The matching filters: the filters screen and the preference editor's ageRange/maxDistance are these columns. */
export const discoveryFilters = pgTable(
  'discovery_filters',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    minAge: integer().notNull(),
    maxAge: integer().notNull(),
    maxDistance: integer().notNull(),
    teaPreferences: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    lifestylePreferences: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The mutual age check of discovery reads "whose saved range excludes me" from these alone.
    index('discovery_filters_min_age_idx').on(t.minAge, t.userId),
    index('discovery_filters_max_age_idx').on(t.maxAge, t.userId),
  ],
);

/** The Friends deck's filters (Friends mode): age range, distance, shared interests. A missing row means defaults. */
export const friendsFilters = pgTable('friends_filters', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  minAge: integer().notNull(),
  maxAge: integer().notNull(),
  maxDistance: integer().notNull(),
  interests: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The rest of her preferences. The columns other features filter on in SQL are columns; the settings only
 * read whole (notifications, app, editor lifestyle, premium toggles) are jsonb. A missing row means defaults.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    interests: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dealBreakers: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    profileVisibility: text().notNull().default('public'),
    allowMessagesFrom: text().notNull().default('matches'),
    showAge: boolean().notNull().default(true),
    showDistance: boolean().notNull().default(true),
    showOnlineStatus: boolean().notNull().default(true),
    showLastActive: boolean().notNull().default(true),
    /** Friends mode: 'dating', 'friends' or 'both'; which discovery decks she sees and appears in. */
    lookingFor: text().$type<LookingFor>().notNull().default('dating'),
    lifestyle: jsonb().$type<Preferences['lifestyle']>().notNull(),
    premium: jsonb().$type<Preferences['premium']>().notNull(),
    notifications: jsonb().$type<Preferences['notifications']>().notNull(),
    app: jsonb().$type<Preferences['app']>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Discovery's "not hidden" and "whose deal breakers rule me out" lookups read only the members who set them.
    index('user_preferences_hidden_idx')
      .on(t.userId)
      .where(sql`${t.profileVisibility} = 'hidden'`),
    index('user_preferences_deal_breakers_idx').using('gin', t.dealBreakers),
    // The dating deck leaves out the few who look only for friends.
    index('user_preferences_friends_only_idx')
      .on(t.userId)
      .where(sql`${t.lookingFor} = 'friends'`),
    check('user_preferences_looking_for_known', sql`${t.lookingFor} in ('dating', 'friends', 'both')`),
  ],
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

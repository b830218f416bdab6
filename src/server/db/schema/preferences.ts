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
    /**
     * Counts every write of this row (1 after the first): the preference editors send the revision they edited from
     * and a save from a stale copy is refused (409) instead of overwriting what another device saved meanwhile.
     */
    revision: integer().notNull().default(1),
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

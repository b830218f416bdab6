import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PromptAnswer } from '../../../contract/prompts';
import { GENDER_IDENTITIES, SEXUAL_ORIENTATIONS, USER_ROLES } from '../../../contract/users';

export const genderIdentity = pgEnum('gender_identity', GENDER_IDENTITIES);
export const sexualOrientation = pgEnum('sexual_orientation', SEXUAL_ORIENTATIONS);
export const userRole = pgEnum('user_role', USER_ROLES);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull(),
    age: integer().notNull(),
    bio: text().notNull().default(''),
    /** 'City, State' from the location catalogue. */
    location: text().notNull(),
    /** City centre of `location`; never sent to clients. */
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    genderIdentity: genderIdentity().notNull(),
    sexualOrientation: sexualOrientation().notNull(),
    interests: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    teaInterests: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    email: text(),
    /** Set when she confirmed `email` with a code; cleared when the email changes. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /**
     * A new address she asked for while `email` is confirmed, waiting for its code (auth's email_codes row holds
     * the code). `email` stays hers — reset links and notices go there — until the code is given; then this one
     * takes its place. A column on her row rather than a table of its own: /api/auth/me is presented from the
     * cached member row (core's `users` cache, evicted by every write through core), so her pending address is on
     * it with no extra query or cache, and the export and deletion take it with the row. Never reserves the address
     * (no index): a verified address's one owner is decided when it is confirmed (core `claimVerifiedEmail`).
     */
    pendingEmail: text(),
    job: text(),
    education: text(),
    heightCm: integer(),
    pronouns: text(),
    relationshipGoals: text(),
    loveLanguage: text(),
    lifestyle: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Her answers to profile prompts (at most 3, contract/prompts.ts), in the order she chose. */
    prompts: jsonb().$type<PromptAnswer[]>().notNull().default([]),
    ghostMode: boolean().notNull().default(false),
    /**
     * Premium is active while this lies in the future. Billing keeps it equal to the end of what her
     * subscription entitles (docs/decisions/0014-premium-entitlement.md); nothing else writes it.
     */
    premiumUntil: timestamp({ withTimezone: true }),
    /** Profile Boost: 2× rank in discovery until then, while Premium lasts. Written by billing. */
    boostedUntil: timestamp({ withTimezone: true }),
    isVerified: boolean().notNull().default(false),
    phoneNumber: text(),
    smsNotifications: boolean().notNull().default(false),
    role: userRole().notNull().default('member'),
    /** Suspended while this lies in the future (a permanent suspension is the year 9999). */
    suspendedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_location_idx').on(t.location),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * The member as discovery filters and ranks her: a narrow copy of the member row's filter columns and
 * score parts, and her saved age range (preferences). Discovery checks a few hundred candidates a page;
 * reading each from here is one small row instead of the wide member row by primary key and a probe of
 * her saved filters. Core keeps it in the same statement as every write of what it copies
 * (core/discovery-members.ts), so it is never behind the member row (docs/decisions/0026-discovery-members.md).
 */
export const discoveryMembers = pgTable(
  'discovery_members',
  {
    id: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    age: integer().notNull(),
    location: text().notNull(),
    interests: text().array().notNull(),
    teaInterests: text().array().notNull(),
    job: text(),
    lifestyle: jsonb().$type<Record<string, string>>().notNull(),
    relationshipGoals: text(),
    isVerified: boolean().notNull(),
    ghostMode: boolean().notNull(),
    suspendedUntil: timestamp({ withTimezone: true }),
    premiumUntil: timestamp({ withTimezone: true }),
    boostedUntil: timestamp({ withTimezone: true }),
    lastActiveAt: timestamp({ withTimezone: true }),
    /** Her bio's length without surrounding white space (profile completeness reads it). */
    bioLength: integer().notNull(),
    /** How many prompts she answered (profile completeness reads it). */
    promptCount: integer().notNull(),
    /** Her saved discovery age range; null: she saved none (the default range applies). */
    savedMinAge: integer(),
    savedMaxAge: integer(),
  },
  (t) => [
    // Discovery reads the most recently active members in her cities and stops after a bounded pool,
    // from either index by the planner's estimate: few members in range (a town), this one's range
    // per city then a small sort; many (a metro), the scan across cities, skipping other cities'
    // entries in the index alone.
    index('discovery_members_city_recency_idx')
      .on(t.location, t.lastActiveAt.desc().nullsLast(), t.id.desc())
      .where(sql`not ${t.ghostMode}`),
    // `location` last only so the scan across cities can test it without reading the table.
    index('discovery_members_recency_idx')
      .on(t.lastActiveAt.desc().nullsLast(), t.id.desc(), t.location)
      .where(sql`not ${t.ghostMode}`),
    // Members with a running Profile Boost join every feed's pool whatever their last activity.
    index('discovery_members_boosted_until_idx')
      .on(t.boostedUntil)
      .where(sql`${t.boostedUntil} is not null`),
  ],
);

/** Days on which a user was active, for the day streak. */
export const activityDays = pgTable(
  'activity_days',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index('activity_days_user_idx').on(t.userId, t.day)],
);

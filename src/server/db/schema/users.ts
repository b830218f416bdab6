import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    interests: text().array().notNull().default(sql`'{}'::text[]`),
    teaInterests: text().array().notNull().default(sql`'{}'::text[]`),
    email: text(),
    job: text(),
    education: text(),
    heightCm: integer(),
    pronouns: text(),
    relationshipGoals: text(),
    loveLanguage: text(),
    lifestyle: jsonb().$type<Record<string, string>>().notNull().default({}),
    ghostMode: boolean().notNull().default(false),
    /** Premium is active while this lies in the future. */
    premiumUntil: timestamp({ withTimezone: true }),
    isVerified: boolean().notNull().default(false),
    phoneNumber: text(),
    smsNotifications: boolean().notNull().default(false),
    role: userRole().notNull().default('member'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_location_idx').on(t.location),
  ],
);

export type UserRow = typeof users.$inferSelect;

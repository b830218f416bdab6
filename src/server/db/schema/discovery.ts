import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const discoveryFilters = pgTable(
  'discovery_filters',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    minAge: integer().notNull(),
    maxAge: integer().notNull(),
    maxDistance: integer().notNull(),
    teaPreferences: text().array().notNull().default(sql`'{}'::text[]`),
    lifestylePreferences: text().array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The mutual age check of discovery reads "whose saved range excludes me" from these alone.
    index('discovery_filters_min_age_idx').on(t.minAge, t.userId),
    index('discovery_filters_max_age_idx').on(t.maxAge, t.userId),
  ],
);

/** A like, super like or pass. One per (user, target); undo deletes it. */
export const swipes = pgTable(
  'swipes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isLike: boolean().notNull(),
    isSuperLike: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('swipes_user_target_key').on(t.userId, t.targetUserId),
    index('swipes_target_idx').on(t.targetUserId, t.isLike),
    index('swipes_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** A mutual like. The pair is stored ordered (userA < userB) so a unique index makes it exactly one. */
export const matches = pgTable(
  'matches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userA: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('matches_pair_key').on(t.userA, t.userB),
    index('matches_user_b_idx').on(t.userB),
    check('matches_ordered_pair', sql`${t.userA} < ${t.userB}`),
  ],
);

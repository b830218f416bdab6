import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

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

/**
 * Pairs that were matched and unmatched (either member ended it). Ordered like matches; the pair
 * never meets again in discovery and cannot match again.
 */
export const unmatchedPairs = pgTable(
  'unmatched_pairs',
  {
    userA: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userA, t.userB] }), index('unmatched_pairs_user_b_idx').on(t.userB)],
);

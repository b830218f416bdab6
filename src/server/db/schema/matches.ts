import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DiscoveryMode } from '../../../contract/discovery';
import { users } from './users';

/** Which deck a swipe or match belongs to: 'dating' or 'friends' (Friends mode); each deck is separate. */
const deckMode = () => text().$type<DiscoveryMode>().notNull().default('dating');

/** A like, super like or pass. One per (user, target, mode); undo deletes it. */
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
    mode: deckMode(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('swipes_user_target_mode_key').on(t.userId, t.targetUserId, t.mode),
    check('swipes_mode_known', sql`${t.mode} in ('dating', 'friends')`),
    index('swipes_target_idx').on(t.targetUserId, t.isLike),
    index('swipes_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A mutual like in one deck. The pair is stored ordered (userA < userB) so a unique index makes it exactly
 * one per mode: the same two people can be a dating match and a friends match, two conversations.
 */
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
    mode: deckMode(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('matches_pair_mode_key').on(t.userA, t.userB, t.mode),
    check('matches_mode_known', sql`${t.mode} in ('dating', 'friends')`),
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

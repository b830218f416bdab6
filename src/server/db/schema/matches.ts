import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DiscoveryMode } from '../../../contract/discovery';
import { photos } from './photos';
import { users } from './users';

/** Which deck a swipe or match belongs to: 'dating' or 'friends' (Friends mode); each deck is separate. */
const deckMode = () => text().$type<DiscoveryMode>().notNull().default('dating');

/**
 * A like, super like or pass. One per (user, target, mode); undo deletes it. A like may point at one photo
 * or one prompt answer of the target's and carry a comment (product §4 "Like something specific"); the
 * comment opens their chat when the like becomes a match. A photo deleted later leaves the comment.
 */
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
    /** The target's photo this like is for. */
    likedPhotoId: uuid().references(() => photos.id, { onDelete: 'set null' }),
    /** The target's prompt (contract/prompts.ts id) this like is for. */
    likedPromptId: text(),
    /** Trimmed, 1–140 characters (contract/matches.ts `likeComment`). */
    comment: text(),
    mode: deckMode(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('swipes_one_liked_item', sql`num_nonnulls(${t.likedPhotoId}, ${t.likedPromptId}) <= 1`),
    check(
      'swipes_item_and_comment_on_likes',
      sql`${t.isLike} or (${t.likedPhotoId} is null and ${t.likedPromptId} is null and ${t.comment} is null)`,
    ),
    check('swipes_comment_length', sql`char_length(${t.comment}) between 1 and 140`),
    uniqueIndex('swipes_user_target_mode_key').on(t.userId, t.targetUserId, t.mode),
    check('swipes_mode_known', sql`${t.mode} in ('dating', 'friends')`),
    index('swipes_target_idx').on(t.targetUserId, t.isLike),
    index('swipes_user_created_idx').on(t.userId, t.createdAt),
    // A deleted photo sets its likes' photo to null: found by index, not by a scan of every swipe.
    index('swipes_liked_photo_idx')
      .on(t.likedPhotoId)
      .where(sql`${t.likedPhotoId} is not null`),
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

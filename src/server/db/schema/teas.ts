import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/* Owned by the teas feature: reviews of the tea catalogue, signed with the reviewer's id (they are not anonymous). */
export const teaReviews = pgTable(
  'tea_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    teaId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer().notNull(),
    text: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tea_reviews_user_tea_key').on(t.userId, t.teaId),
    index('tea_reviews_tea_idx').on(t.teaId, t.updatedAt),
    check('tea_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const teaReviewLikes = pgTable(
  'tea_review_likes',
  {
    reviewId: uuid()
      .notNull()
      .references(() => teaReviews.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

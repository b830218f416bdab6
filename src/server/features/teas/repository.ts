import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { teaReviewLikes, teaReviews } from '../../db/schema/teas';

/**
 * Every statement of the tea tab: reviews and their likes. The service decides (who may like what,
 * what is not found) and presents; what is read and written is here. Plain functions take the handle
 * to run on.
 */

export type ReviewRow = typeof teaReviews.$inferSelect;

/** A review with its like count and whether the viewer liked it. */
export interface ReviewWithLikes {
  review: ReviewRow;
  likeCount: number;
  likedByMe: boolean;
}

const REVIEW_LIST_LIMIT = 100;

const likeCountSql = sql<number>`(select count(*)::int from ${teaReviewLikes} where ${teaReviewLikes.reviewId} = ${teaReviews.id})`;
const likedBySql = (userId: string) =>
  sql<boolean>`exists(select 1 from ${teaReviewLikes} where ${teaReviewLikes.reviewId} = ${teaReviews.id} and ${teaReviewLikes.userId} = ${userId})`;

async function reviewsWhere(db: Db, viewerId: string, where: SQL | undefined): Promise<ReviewWithLikes[]> {
  return db
    .select({ review: teaReviews, likeCount: likeCountSql, likedByMe: likedBySql(viewerId) })
    .from(teaReviews)
    .where(where)
    .orderBy(desc(teaReviews.updatedAt), desc(teaReviews.id))
    .limit(REVIEW_LIST_LIMIT);
}

/** Newest first (an edited review counts as new), at most 100; of one tea, or of all. */
export function reviewsOfTea(db: Db, viewerId: string, teaId?: string): Promise<ReviewWithLikes[]> {
  return reviewsWhere(db, viewerId, teaId ? eq(teaReviews.teaId, teaId) : undefined);
}

/** One review as the viewer sees it; undefined when there is none. */
export async function reviewById(db: Db, viewerId: string, reviewId: string): Promise<ReviewWithLikes | undefined> {
  const [row] = await reviewsWhere(db, viewerId, eq(teaReviews.id, reviewId));
  return row;
}

/**
 * One review per member per tea: a second one replaces the first (rating and text, same id; the
 * likes stay, as they would on an edited post). Answers the review's id.
 */
export async function upsertReview(
  db: Db,
  userId: string,
  input: { teaId: string; rating: number; text: string },
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(teaReviews)
    .values({ teaId: input.teaId, userId, rating: input.rating, text: input.text, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [teaReviews.userId, teaReviews.teaId],
      set: { rating: input.rating, text: input.text, updatedAt: now },
    })
    .returning({ id: teaReviews.id });
  if (!row) throw new Error('tea review upsert returned nothing');
  return row.id;
}

/** Who wrote the review; undefined when there is none. */
export async function reviewAuthor(db: Db, reviewId: string): Promise<string | undefined> {
  const [review] = await db.select({ userId: teaReviews.userId }).from(teaReviews).where(eq(teaReviews.id, reviewId));
  return review?.userId;
}

/**
 * Likes the review for her, or takes her like back; undefined when the review is gone. As with story
 * support, likes on one review take turns (the review's row is locked), so the toggle and the count agree.
 */
export async function toggleLike(
  db: Db,
  reviewId: string,
  userId: string,
): Promise<{ liked: boolean; likeCount: number } | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: teaReviews.id })
      .from(teaReviews)
      .where(eq(teaReviews.id, reviewId))
      .for('update');
    if (!locked) return undefined;
    const removed = await tx
      .delete(teaReviewLikes)
      .where(and(eq(teaReviewLikes.reviewId, reviewId), eq(teaReviewLikes.userId, userId)))
      .returning({ userId: teaReviewLikes.userId });
    if (removed.length === 0) await tx.insert(teaReviewLikes).values({ reviewId, userId });
    const [counted] = await tx.select({ n: count() }).from(teaReviewLikes).where(eq(teaReviewLikes.reviewId, reviewId));
    return { liked: removed.length === 0, likeCount: counted?.n ?? 0 };
  });
}

/** Teas she has reviewed (one review per tea), for her Tea Critic badge. */
export async function reviewsWrittenBy(db: Db, userId: string): Promise<number> {
  const [reviewed] = await db.select({ n: count() }).from(teaReviews).where(eq(teaReviews.userId, userId));
  return reviewed?.n ?? 0;
}

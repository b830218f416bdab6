import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TeaReview } from '../../../contract/teas';
import type { Db } from '../../db/client';
import { teaReviewLikes, teaReviews } from '../../db/schema/teas';
import { forbidden, notFound } from '../../http/errors';
import { memberBylines } from '../profiles';
import { localText } from '../../i18n';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const reviewNotFound = () => notFound(localText('reviewNotFound'));

const likeCountSql = sql<number>`(select count(*)::int from ${teaReviewLikes} where ${teaReviewLikes.reviewId} = ${teaReviews.id})`;
const likedBySql = (userId: string) =>
  sql<boolean>`exists(select 1 from ${teaReviewLikes} where ${teaReviewLikes.reviewId} = ${teaReviews.id} and ${teaReviewLikes.userId} = ${userId})`;

const REVIEW_LIST_LIMIT = 100;

async function loadReviews(db: Db, viewerId: string, where: ReturnType<typeof eq> | undefined): Promise<TeaReview[]> {
  const rows = await db
    .select({ review: teaReviews, likeCount: likeCountSql, likedByMe: likedBySql(viewerId) })
    .from(teaReviews)
    .where(where)
    .orderBy(desc(teaReviews.updatedAt), desc(teaReviews.id))
    .limit(REVIEW_LIST_LIMIT);
  const bylines = await memberBylines(
    db,
    rows.map((r) => r.review.userId),
  );
  return rows.flatMap(({ review, likeCount, likedByMe }) => {
    const byline = bylines.get(review.userId);
    if (!byline) return [];
    return [
      {
        id: review.id,
        teaId: review.teaId,
        rating: review.rating,
        text: review.text,
        reviewer: byline,
        likeCount,
        likedByMe,
        isMine: review.userId === viewerId,
        createdAt: review.createdAt.toISOString(),
        updatedAt: review.updatedAt.toISOString(),
      },
    ];
  });
}

/** Newest first (an edited review counts as new), at most 100. */
export function listReviews(db: Db, viewerId: string, teaId?: string): Promise<TeaReview[]> {
  return loadReviews(db, viewerId, teaId ? eq(teaReviews.teaId, teaId) : undefined);
}

/**
 * One review per member per tea: a second one replaces the first (rating and text, same id; the
 * likes stay, as they would on an edited post).
 */
export async function saveReview(
  db: Db,
  userId: string,
  input: { teaId: string; rating: number; text: string },
): Promise<TeaReview> {
  const now = new Date();
  const [row] = await db
    .insert(teaReviews)
    .values({ teaId: input.teaId, userId, rating: input.rating, text: input.text, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [teaReviews.userId, teaReviews.teaId],
      set: { rating: input.rating, text: input.text, updatedAt: now },
    })
    .returning({ id: teaReviews.id });
  const [review] = await loadReviews(db, userId, eq(teaReviews.id, row!.id));
  if (!review) throw reviewNotFound();
  return review;
}

/** Like or unlike someone else's review; liking your own is refused. */
export async function toggleReviewLike(
  db: Db,
  userId: string,
  reviewId: string,
): Promise<{ liked: boolean; likeCount: number }> {
  if (!UUID.test(reviewId)) throw reviewNotFound();
  const [review] = await db.select({ userId: teaReviews.userId }).from(teaReviews).where(eq(teaReviews.id, reviewId));
  if (!review) throw reviewNotFound();
  if (review.userId === userId) throw forbidden(localText('youCantLikeYour'));
  // As with story support: likes on one review take turns, so the toggle and the count agree.
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: teaReviews.id })
      .from(teaReviews)
      .where(eq(teaReviews.id, reviewId))
      .for('update');
    if (!locked) throw reviewNotFound();
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

import type { TeaReview } from '../../../contract/teas';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import { memberBylines } from '../profiles';
import { localText } from '../../i18n';
import { reviewAuthor, reviewById, reviewsOfTea, toggleLike, upsertReview, type ReviewWithLikes } from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const reviewNotFound = () => notFound(localText('reviewNotFound'));

/** The reviews as the viewer sees them, signed with first name and photo; a reviewer without a byline is left out. */
async function present(db: Db, viewerId: string, rows: ReviewWithLikes[]): Promise<TeaReview[]> {
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
export async function listReviews(db: Db, viewerId: string, teaId?: string): Promise<TeaReview[]> {
  return present(db, viewerId, await reviewsOfTea(db, viewerId, teaId));
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
  const id = await upsertReview(db, userId, input, new Date());
  const row = await reviewById(db, userId, id);
  const [review] = await present(db, userId, row ? [row] : []);
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
  const author = await reviewAuthor(db, reviewId);
  if (!author) throw reviewNotFound();
  if (author === userId) throw forbidden(localText('youCantLikeYour'));
  const toggled = await toggleLike(db, reviewId, userId);
  if (!toggled) throw reviewNotFound();
  return toggled;
}

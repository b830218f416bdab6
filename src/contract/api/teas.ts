import { createReviewBody, reviewLikeResult, reviewsQuery, teaReview, teaReviewList, teaVarietyList } from '../teas';
import { defineRoute } from './define';
import { anyIdParams } from './params';

/** The tea catalogue and its reviews, under Tea's URLs: every route answers 403 PREMIUM_REQUIRED without Premium. */
export const teasApi = {
  varieties: defineRoute({
    method: 'GET',
    path: '/api/tea/varieties',
    access: 'member',
    summary: 'The 12 tea varieties with caffeine level and brewing guide',
    response: teaVarietyList,
  }),
  listReviews: defineRoute({
    method: 'GET',
    path: '/api/tea/reviews',
    access: 'member',
    summary: 'Tea reviews, newest first, optionally for one tea',
    query: reviewsQuery,
    response: teaReviewList,
  }),
  saveReview: defineRoute({
    method: 'POST',
    path: '/api/tea/reviews',
    access: 'member',
    summary: 'Review a tea; one review per member per tea, a second one replaces the first',
    body: createReviewBody,
    response: teaReview,
  }),
  toggleReviewLike: defineRoute({
    method: 'PUT',
    path: '/api/tea/reviews/:id/like',
    access: 'member',
    summary: "Like someone else's review, or take the like back",
    params: anyIdParams,
    response: reviewLikeResult,
  }),
};

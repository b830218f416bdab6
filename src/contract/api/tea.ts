import {
  createReviewBody,
  createStoryBody,
  moderatedStoryList,
  reportStoryBody,
  reviewLikeResult,
  reviewsQuery,
  storiesQuery,
  storyLikes,
  storyPage,
  supportResult,
  teaOk,
  teaReview,
  teaReviewList,
  teaStats,
  teaStory,
  teaVarietyList,
  moderatedStory,
} from '../tea';
import { defineRoute } from './define';
import { anyIdParams, userIdParams } from './params';

/** Every route here answers 403 PREMIUM_REQUIRED to a member without Premium. */
export const teaApi = {
  listStories: defineRoute({
    method: 'GET',
    path: '/api/tea/stories',
    summary: 'Tea stories, newest first, keyset-paginated, optionally one category (hidden stories left out)',
    query: storiesQuery,
    response: storyPage,
  }),
  createStory: defineRoute({
    method: 'POST',
    path: '/api/tea/stories',
    summary: 'Share a story anonymously (5 a day; 422 NEEDS_CONFIRMATION when it may hurt someone)',
    body: createStoryBody,
    status: 201,
    response: teaStory,
  }),
  deleteStory: defineRoute({
    method: 'DELETE',
    path: '/api/tea/stories/:id',
    summary: 'Delete your own story',
    params: anyIdParams,
    response: teaOk,
  }),
  toggleSupport: defineRoute({
    method: 'PUT',
    path: '/api/tea/stories/:id/support',
    summary: 'Support a story, or take the support back',
    params: anyIdParams,
    response: supportResult,
  }),
  reportStory: defineRoute({
    method: 'POST',
    path: '/api/tea/stories/:id/report',
    summary: 'Report a story; reports from 3 different members hide it pending review',
    params: anyIdParams,
    body: reportStoryBody,
    response: teaOk,
  }),
  storyLikes: defineRoute({
    method: 'GET',
    path: '/api/tea/story-likes/:userId',
    summary: 'The ids of the stories the session user supports',
    params: userIdParams,
    response: storyLikes,
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/api/tea/stats',
    summary: 'Stories shared, support given, stories this week and the count per category',
    response: teaStats,
  }),
  varieties: defineRoute({
    method: 'GET',
    path: '/api/tea/varieties',
    summary: 'The 12 tea varieties with caffeine level and brewing guide',
    response: teaVarietyList,
  }),
  listReviews: defineRoute({
    method: 'GET',
    path: '/api/tea/reviews',
    summary: 'Tea reviews, newest first, optionally for one tea',
    query: reviewsQuery,
    response: teaReviewList,
  }),
  saveReview: defineRoute({
    method: 'POST',
    path: '/api/tea/reviews',
    summary: 'Review a tea; one review per member per tea, a second one replaces the first',
    body: createReviewBody,
    response: teaReview,
  }),
  toggleReviewLike: defineRoute({
    method: 'PUT',
    path: '/api/tea/reviews/:id/like',
    summary: "Like someone else's review, or take the like back",
    params: anyIdParams,
    response: reviewLikeResult,
  }),
};

/** The moderation console's Tea queue: moderators only (403 otherwise). */
export const teaModerationApi = {
  listStories: defineRoute({
    method: 'GET',
    path: '/api/moderation/tea/stories',
    summary: 'Reported or hidden Tea stories with their open reports (never who sent them)',
    response: moderatedStoryList,
  }),
  hideStory: defineRoute({
    method: 'POST',
    path: '/api/moderation/tea/stories/:id/hide',
    summary: 'Hide a Tea story from the community',
    params: anyIdParams,
    response: moderatedStory,
  }),
  restoreStory: defineRoute({
    method: 'POST',
    path: '/api/moderation/tea/stories/:id/restore',
    summary: 'Show a Tea story again and dismiss its open reports',
    params: anyIdParams,
    response: moderatedStory,
  }),
  deleteStory: defineRoute({
    method: 'DELETE',
    path: '/api/moderation/tea/stories/:id',
    summary: 'Delete a Tea story for good',
    params: anyIdParams,
    response: teaOk,
  }),
};

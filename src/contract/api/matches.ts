import { okBody } from '../http';
import { swipeBody, swipeResponse, matchList, matchListQuery, undoSwipeResponse } from '../matches';
import { profileStats } from '../profiles';
import { defineRoute } from './define';
import { anyIdParams, resourceIdParams, selfIdParams, userIdParams } from './params';

export const matchesApi = {
  swipe: defineRoute({
    method: 'POST',
    path: '/api/likes',
    access: { self: 'body.userId' },
    summary: 'Like, super like or pass on a member; a mutual like makes a match',
    body: swipeBody,
    status: 201,
    response: swipeResponse,
    limit: 'swipes',
  }),
  undoSwipe: defineRoute({
    method: 'DELETE',
    path: '/api/likes/:id',
    access: 'member',
    summary: 'Undo her most recent swipe (Premium)',
    params: resourceIdParams('swipe'),
    response: undoSwipeResponse,
    limit: 'swipes',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/matches',
    access: 'member',
    summary: "The session user's matches, newest first; `mode` keeps one deck's (dating or friends)",
    query: matchListQuery,
    response: matchList,
  }),
  listForUser: defineRoute({
    method: 'GET',
    path: '/api/matches/:userId',
    access: { self: 'params.userId' },
    summary: "The session user's matches (the product's per-user path)",
    params: userIdParams,
    query: matchListQuery,
    response: matchList,
  }),
  profileStats: defineRoute({
    method: 'GET',
    path: '/api/users/:id/stats',
    access: { self: 'params.id' },
    summary: "Her profile's numbers: views, likes, matches, super likes, day streak, completeness",
    params: selfIdParams,
    response: profileStats,
  }),
  unmatch: defineRoute({
    method: 'DELETE',
    path: '/api/matches/:id',
    access: 'member',
    summary: 'Unmatch: the conversation ends for both and the pair never meets again in discovery',
    params: anyIdParams,
    response: okBody,
  }),
};

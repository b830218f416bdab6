import type { discoveryApi } from '../../contract/api/discovery';
import type { notificationsApi } from '../../contract/api/notifications';
import { routeRef } from './query-key';

/*
 * Routes whose cached answers more than one feature reads or refreshes (a swipe refreshes the bell, a
 * preferences save the filters and the feed). These features load the declarations lazily, so they name
 * the routes by their heads, checked against the declarations by the compiler. A route one feature alone
 * uses is named in that feature.
 */

export const notificationCountRoute = routeRef<typeof notificationsApi.count>('GET', '/api/notifications/count');
export const likesReceivedRoute = routeRef<typeof notificationsApi.likesReceived>(
  'GET',
  '/api/notifications/likes-received',
);
export const potentialMatchesRoute = routeRef<typeof notificationsApi.potentialMatches>(
  'GET',
  '/api/notifications/potential-matches',
);
/** Everything the bell shows: a swipe, a like or a match refreshes them all. */
export const BELL_ROUTES = [notificationCountRoute, likesReceivedRoute, potentialMatchesRoute];

/** The card feed, every scope and deck: filters, preferences, Friends mode and Travel reset it. */
export const discoveryFeedRoute = routeRef<typeof discoveryApi.feed>('GET', '/api/users/discovery/:userId');

/** Her discovery filters: the filters page and the preferences editor write the same fields. */
export const filtersRoute = routeRef<typeof discoveryApi.getFilters>('GET', '/api/users/:userId/filters');

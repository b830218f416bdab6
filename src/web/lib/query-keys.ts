/**
 * Query keys that more than one feature touches (a swipe refreshes the bell and the match list).
 * A key used by one feature alone stays in that feature.
 */

/** Every bell query starts with this, so a swipe can refresh them all at once. */
export const NOTIFICATIONS_QUERY_PREFIX = ['/api/notifications'] as const;

/** Profile Boost status: billing's pages refresh it, Discover's boost tile shows it. */
export const BOOST_QUERY_KEY = ['billing', 'boost'] as const;
/** Every feed page of every scope starts with this, so one invalidation refreshes them all (a preferences save too). */
export const DISCOVERY_QUERY_PREFIX = ['/api/users/discovery'] as const;
export const TRAVEL_QUERY_KEY = ['/api/discovery/travel'] as const;

/** Her discovery filters: the filters page and the preferences editor write the same fields. */
export const filtersQueryKey = (userId: string) => ['/api/users', userId, 'filters'] as const;

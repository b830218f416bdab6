export { badgeRoutes } from './routes';
export { badgesSubscriptions } from './subscriptions';
export type { BadgeSources } from './rules';
export { createBadgeStore, earnedBadgeIds, earnedBadgesFor, type BadgeStore } from './service';

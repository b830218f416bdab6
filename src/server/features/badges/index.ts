export { badgeRoutes } from './routes';
export { badgesSubscriptions } from './subscriptions';
export type { BadgeSources } from './rules';
export { earnedBadgeIds, earnedBadgesFor } from './service';

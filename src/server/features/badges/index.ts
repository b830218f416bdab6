export { badgeRoutes } from './routes';
export { badgesSubscriptions } from './subscriptions';
export { earnedBadgeIds, earnedBadgesFor } from './service';

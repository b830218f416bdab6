export { badgeRoutes } from './routes';
export { badgesSubscriptions } from './subscriptions';
export { createBadgesRepository, type BadgesRepository } from './repository';
export { earnedBadgeIds, earnedBadgesFor } from './service';

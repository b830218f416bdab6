export { badgeRoutes } from './routes';
export { badgesSubscriptions } from './subscriptions';
export type { BadgeSources } from './rules';
export { createBadgesRepository, type BadgesRepository } from './repository';
export { earnedBadgeIds, earnedBadgesFor } from './service';

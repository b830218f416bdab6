export { badgeRoutes } from './routes';
export { earnedBadgeIds, earnedBadgesFor } from './service';

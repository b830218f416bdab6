export { badgeRoutes } from './routes';
export { earnedBadgesFor } from './service';

// The safety feature's public surface: what other features and the app may use.
export type { MessageCopy, RecentMessages } from './reports';
export { reportEvent } from './reports';
export { frozenReportMedia, openReportGroups, reportsAgainst } from './review';
export {
  closeReportsAgainst,
  hasOpenReportBy,
  isHeldFromDiscovery,
  markReportsUnderReview,
  notHeldFromDiscovery,
  notReportedBy,
  reportMediaKeysOf,
} from './repository';
export { safetyRoutes } from './routes';
export { blocksAndReportsBy } from './personal-data';

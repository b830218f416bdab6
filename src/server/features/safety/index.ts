// The safety feature's public surface: what other features and the app may use.
export type { AttachedMedia, EventReportInput, MessageCopy, RecentMessages, ReportMediaStore } from './reports';
export { reportEvent } from './reports';
export {
  frozenReportMedia,
  openReportGroups,
  reportsAgainst,
  type ReportForReview,
  type ReportedMessage,
} from './review';
export {
  closeReportsAgainst,
  countOpenReportGroups,
  hasOpenReportBy,
  isHeldFromDiscovery,
  markReportsUnderReview,
  notHeldFromDiscovery,
  notReportedBy,
  reportMediaKeysOf,
  type OpenReportGroup,
} from './repository';
export { safetyRoutes } from './routes';
export { blocksAndReportsBy } from './personal-data';

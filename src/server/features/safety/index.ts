// The safety feature's public surface: what other features and the app may use.
export type { AttachedMedia, EventReportInput, MessageCopy, RecentMessages, ReportMediaStore } from './reports';
export { reportEvent, reportMediaKeysOf } from './reports';
export {
  closeReportsAgainst,
  frozenReportMedia,
  countOpenReportGroups,
  hasOpenReportBy,
  isHeldFromDiscovery,
  markReportsUnderReview,
  notHeldFromDiscovery,
  notReportedBy,
  openReportGroups,
  reportsAgainst,
  type OpenReportGroup,
  type ReportForReview,
  type ReportedMessage,
} from './review';
export { safetyRoutes } from './routes';
export { blocksAndReportsBy } from './personal-data';

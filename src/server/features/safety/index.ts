// The safety feature's public surface: what other features and the app may use.
export type { EventReportInput, MessageCopy, RecentMessages } from './reports';
export { reportEvent } from './reports';
export {
  closeReportsAgainst,
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
} from './review';
export { safetyRoutes } from './routes';
export { blocksAndReportsBy } from './personal-data';

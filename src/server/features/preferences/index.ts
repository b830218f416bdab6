/**
 * Preferences: what a member chooses about matching, privacy, notifications and the app, and SMS
 * match notifications. It owns discovery_filters, user_preferences, sms_settings and sms_outbox;
 * the features above read them only through what is exported here.
 */
export { getFilters, saveFilters, presentFilters, savedRangeHolds } from './filters';
export { discoveryConditions, type CandidateColumns, type MatchingViewer } from './conditions';
export {
  acceptsOnlyVerifiedWriters,
  DEFAULT_PRIVACY,
  disclosure,
  disclosuresFor,
  privacyFor,
  privacyOf,
  sharingPresence,
  type Disclosure,
  type PrivacyView,
} from './privacy';
export {
  appLanguageOf,
  dealBreakersOf,
  getPreferences,
  notificationSettingsOf,
  saveAppLanguage,
  updateNotificationSettings,
} from './store';
export type { PreferenceStatSources } from './stats';
export { preferencesRoutes } from './routes';
export { normalisePhone } from './phone';
export { queueContactText } from './sms';
export { maskPhone } from './sms-provider';
export { smsDepsFrom } from './sms-setup';
export { preferencesSubscriptions } from './subscriptions';

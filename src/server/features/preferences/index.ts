/**
 * Preferences: what a member chooses about matching, privacy, notifications and the app. It owns
 * discovery_filters and user_preferences; the features above read them only through what is exported
 * here. (How a notification reaches her — SMS, email, push — is the notifications feature's.)
 */
export { getFilters, saveFilters, presentFilters, savedRangeHolds } from './filters';
export {
  friendsRangeHolds,
  getFriendsFilters,
  deckNotChosen,
  inDeck,
  inDeckAt,
  lookingForOf,
  saveFriendsFilters,
  setLookingFor,
} from './looking-for';
export { discoveryConditions, notHidden, type CandidateColumns, type MatchingViewer } from './conditions';
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
  memberLanguage,
  memberLanguages,
  dealBreakersOf,
  getPreferences,
  notificationKindOn,
  notificationSettingsOf,
  saveAppSettings,
  updateNotificationSettings,
} from './store';
export type { PreferenceStatSources } from './stats';
export { preferencesRoutes } from './routes';

/**
 * Preferences: what a member chooses about matching, privacy, notifications and the app. It owns
 * discovery_filters and user_preferences; the features above read them only through what is exported
 * here. (How a notification reaches her — SMS, email, push — is the notifications feature's.)
 */
export { getFilters, saveFilters } from './filters';
export { getFriendsFilters, deckNotChosen, saveFriendsFilters, setLookingFor } from './looking-for';
export {
  acceptsOnlyVerifiedWriters,
  appLanguageOf,
  discoveryConditions,
  friendsRangeHolds,
  inDeck,
  inDeckAt,
  lookingForOf,
  notHidden,
  notificationKindOn,
  privacyChoicesOf,
  savedRangeHolds,
  type MatchingViewer,
} from './repository';
export { searchChoicesOf, type SearchChoices } from './search-choices';
export {
  DEFAULT_PRIVACY,
  disclosure,
  disclosuresFor,
  privacyFor,
  privacyOf,
  sharingPresence,
  type Disclosure,
} from './privacy';
export {
  memberLanguage,
  memberLanguages,
  notificationSettingsOf,
  saveAppSettings,
  updateNotificationSettings,
} from './store';
export { preferencesRoutes } from './routes';

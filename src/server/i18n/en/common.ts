import { durationWords } from '../durations';

/** common: the server's words in English (../en.ts). */
export const common = {
  moderatorsOnly: 'Moderators only',
  pleaseSignInTo: 'Please sign in to continue',
  userNotFound: 'User not found',
  invalidCursor: 'Invalid cursor',
  conversationNotFound: 'Conversation not found',
  youCannotReportYour: 'You cannot report your own meetup',
  memberNotFound: 'Member not found',
  textContainsCharactersThat: 'Text contains characters that cannot be stored',
  crossSiteRequestRefused: 'Cross-site request refused',
  youAreDoingThat: (p: { seconds: number }) =>
    `You are doing that too often. Please try again in ${durationWords('en', p.seconds)}.`,
  crossSiteSocketRefused: 'Cross-site socket refused',
  thisServerIsRestarting: 'This server is restarting. Reconnect in a moment.',
  thisServerIsFull: 'This server is full. Reconnect in a moment.',
  tooManyConnectionsFrom: 'Too many connections from your network',
  /** The per-address limits of sign-up, login and reset (@fastify/rate-limit), `seconds` until the next try. */
  tooManyAttemptsFromNetwork: (p: { seconds: number }) =>
    `Too many attempts from your network. Please try again in ${durationWords('en', p.seconds)}.`,
  onlyActAsYourself: 'You can only act as yourself',
  notFound: 'Not found',
  featureNeedsPremium: 'This feature needs Steep Premium',
  brieflyUnavailable: 'Steep is briefly unavailable. Please try again in a moment.',
  bodyNotJson: 'The request body is not valid JSON',
  bodyEmpty: 'The request body is empty',
  bodyTooLarge: 'The request body is too large',
  unsupportedContentType: 'Unsupported content type',
  invalidContentLength: 'Invalid content length',
  somethingWentWrong: 'Something went wrong on our side. Please try again.',
  suspendedIndefinitely: 'Your account is suspended until further notice.',
  suspendedUntil: (p: { until: string }) =>
    `Your account is suspended until ${new Date(p.until).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC.`,
};

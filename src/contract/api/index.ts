import { accountApi } from './account';
import type { RouteDeclaration, RouteGroup } from './define';
import { badgesApi } from './badges';
import { authApi } from './auth';
import { billingApi } from './billing';
import { chatApi } from './chat';
import { chatMediaApi } from './chat-media';
import { datesafetyApi } from './datesafety';
import { discoveryApi } from './discovery';
import { eventsApi } from './events';
import { matchesApi } from './matches';
import { metaApi } from './meta';
import { moderationApi } from './moderation';
import { noticesApi, notificationsApi } from './notifications';
import { preferencesApi } from './preferences';
import { notificationLinksApi, pushApi } from './push';
import { profilesApi } from './profiles';
import { safetyApi } from './safety';
import { smsApi } from './sms';
import { verificationApi } from './verification';
import { storiesApi, storiesModerationApi } from './stories';
import { teasApi } from './teas';

export * from './define';
/** The groups web modules import from here; the others are imported from their own modules. */
export { chatApi, chatMediaApi, profilesApi };

/** Every feature's route group: the OpenAPI document and its coverage test read this list. */
const apiGroups = {
  meta: metaApi,
  auth: authApi,
  profiles: profilesApi,
  safety: safetyApi,
  matches: matchesApi,
  chat: chatApi,
  chatMedia: chatMediaApi,
  discovery: discoveryApi,
  billing: billingApi,
  notifications: notificationsApi,
  verification: verificationApi,
  events: eventsApi,
  badges: badgesApi,
  notices: noticesApi,
  account: accountApi,
  moderation: moderationApi,
  stories: storiesApi,
  storiesModeration: storiesModerationApi,
  teas: teasApi,
  preferences: preferencesApi,
  push: pushApi,
  notificationLinks: notificationLinksApi,
  sms: smsApi,
  datesafety: datesafetyApi,
} satisfies Record<string, RouteGroup>;

export function allRouteDeclarations(): RouteDeclaration[] {
  return Object.values(apiGroups).flatMap((group: RouteGroup) => Object.values(group));
}

import type { ComponentType } from 'react';

/**
 * Every lazily loaded screen of the route table (./router.tsx), by its component's name. Kept out of the entry
 * chunk on purpose: each `import()` here carries the list of chunks to preload with that screen, and for the
 * whole app those lists weigh about 4 KB gzipped, which the landing page's first paint does not need
 * (scripts/check-bundle-size.ts). The router requests this module as soon as it is evaluated, in parallel
 * with the first render.
 */
export const screens = {
  ForgotPasswordPage: () => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  UnsubscribePage: () => import('../features/auth/unsubscribe-page').then((m) => m.UnsubscribePage),
  SharedDatePage: () => import('../features/datesafety/shared-date-page').then((m) => m.SharedDatePage),
  ResetPasswordPage: () => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  SignedIn: () => import('./signed-in').then((m) => m.SignedIn),
  AppShell: () => import('./shell').then((m) => m.AppShell),
  DiscoverPage: () => import('../features/discovery/discover-page').then((m) => m.DiscoverPage),
  TeaPage: () => import('../features/tea/tea-page').then((m) => m.TeaPage),
  SubscribePage: () => import('../features/billing/subscribe-page').then((m) => m.SubscribePage),
  PremiumPage: () => import('../features/billing/premium-page').then((m) => m.PremiumPage),
  ChatsPage: () => import('../features/chat/chats-page').then((m) => m.ChatsPage),
  FiltersPage: () => import('../features/discovery/filters-page').then((m) => m.FiltersPage),
  EventsPage: () => import('../features/events/events-page').then((m) => m.EventsPage),
  ProfilePage: () => import('../features/profiles/profile-page').then((m) => m.ProfilePage),
  EditProfilePage: () => import('../features/profiles/edit-profile-page').then((m) => m.EditProfilePage),
  SafetyPage: () => import('../features/safety/safety-page').then((m) => m.SafetyPage),
  PreferencesPage: () => import('../features/preferences/preferences-page').then((m) => m.PreferencesPage),
  SettingsPage: () => import('../features/settings/settings-page').then((m) => m.SettingsPage),
  VerificationPage: () => import('../features/verification/verification-page').then((m) => m.VerificationPage),
  MicroInteractionsDemoPage: () =>
    import('../features/micro-interactions-demo/micro-interactions-demo-page').then((m) => m.MicroInteractionsDemoPage),
  OnboardingDemoPage: () => import('../features/onboarding/onboarding-demo-page').then((m) => m.OnboardingDemoPage),
  PreferenceVisualizationPage: () =>
    import('../features/preferences/preference-visualization-page').then((m) => m.PreferenceVisualizationPage),
  SubscriptionPage: () => import('../features/billing/subscription-page').then((m) => m.SubscriptionPage),
  VerificationModerationPage: () =>
    import('../features/verification/verification-review-queue').then((m) => m.VerificationModerationPage),
  BareLayout: () => import('./shell').then((m) => m.BareLayout),
  ConversationPage: () => import('../features/chat/conversation-page').then((m) => m.ConversationPage),
  ModerationRoute: () => import('./moderation-route').then((m) => m.ModerationRoute),
  NotFoundPage: () => import('./not-found-page').then((m) => m.NotFoundPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type ScreenName = keyof typeof screens;

/** Discover's data code, for the /home loader that starts fetching the first page during the chunks' download. */
export const discoveryApi = () => import('../features/discovery/discovery-api');

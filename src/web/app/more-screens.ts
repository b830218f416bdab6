import type { ComponentType } from 'react';
import { withMessages } from '../lib/i18n';

/**
 * The loaders of every screen but /home's (./screens.ts), by their component's name: requested when the browser is
 * first idle, or by the first visit to one of them.
 */
export const screens = {
  ForgotPasswordPage: withMessages('visitor', () =>
    import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  ),
  UnsubscribePage: withMessages('visitor', () =>
    import('../features/auth/unsubscribe-page').then((m) => m.UnsubscribePage),
  ),
  SharedDatePage: withMessages('rest', () =>
    import('../features/datesafety/shared-date-page').then((m) => m.SharedDatePage),
  ),
  ResetPasswordPage: withMessages('visitor', () =>
    import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage),
  ),
  TeaPage: withMessages('rest', () => import('./tea-route').then((m) => m.TeaRoute)),
  SubscribePage: withMessages('rest', () => import('../features/billing/subscribe-page').then((m) => m.SubscribePage)),
  PremiumPage: withMessages('rest', () => import('../features/billing/premium-page').then((m) => m.PremiumPage)),
  ChatsPage: withMessages('rest', () => import('../features/chat/chats-page').then((m) => m.ChatsPage)),
  FiltersPage: withMessages('rest', () => import('../features/discovery/filters-page').then((m) => m.FiltersPage)),
  EventsPage: withMessages('rest', () => import('../features/events/events-page').then((m) => m.EventsPage)),
  ProfilePage: withMessages('rest', () => import('../features/profiles/profile-page').then((m) => m.ProfilePage)),
  EditProfilePage: withMessages('rest', () =>
    import('../features/profiles/edit-profile-page').then((m) => m.EditProfilePage),
  ),
  SafetyPage: withMessages('rest', () => import('../features/safety/safety-page').then((m) => m.SafetyPage)),
  PreferencesPage: withMessages('rest', () =>
    import('../features/preferences/preferences-page').then((m) => m.PreferencesPage),
  ),
  SettingsPage: withMessages('rest', () => import('../features/settings/settings-page').then((m) => m.SettingsPage)),
  VerificationPage: withMessages('rest', () =>
    import('../features/verification/verification-page').then((m) => m.VerificationPage),
  ),
  MicroInteractionsDemoPage: withMessages('rest', () =>
    import('../features/micro-interactions-demo/micro-interactions-demo-page').then((m) => m.MicroInteractionsDemoPage),
  ),
  OnboardingDemoPage: withMessages('rest', () =>
    import('../features/onboarding/onboarding-demo-page').then((m) => m.OnboardingDemoPage),
  ),
  PreferenceVisualizationPage: withMessages('rest', () =>
    import('../features/preferences/preference-visualization-page').then((m) => m.PreferenceVisualizationPage),
  ),
  SubscriptionPage: withMessages('rest', () =>
    import('../features/billing/subscription-page').then((m) => m.SubscriptionPage),
  ),
  VerificationModerationPage: withMessages('rest', () =>
    import('../features/verification/verification-review-queue').then((m) => m.VerificationModerationPage),
  ),
  ConversationPage: withMessages('rest', () =>
    import('../features/chat/conversation-page').then((m) => m.ConversationPage),
  ),
  ModerationRoute: withMessages('rest', () => import('./moderation-route').then((m) => m.ModerationRoute)),
  NotFoundPage: withMessages('visitor', () => import('./not-found-page').then((m) => m.NotFoundPage)),
} satisfies Record<string, () => Promise<ComponentType>>;

export type MoreScreenName = keyof typeof screens;

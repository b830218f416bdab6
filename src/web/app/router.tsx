import type { ComponentType } from 'react';
import { Outlet, ScrollRestoration, createBrowserRouter } from 'react-router';
import { checkSession } from '../lib/session';
import { AppProviders, queryClient } from './providers';
import { RequireAuth, RequireModerator, SplashScreen } from './guards';
import { LandingPage } from '../features/auth/landing-page';
import { NotFoundPage } from './not-found-page';
import { followRouter } from '../lib/overlay-history';

/**
 * Every signed-in screen is its own chunk, fetched when its route is first visited, so the landing
 * page loads only what it shows (the budget in scripts/check-bundle-size.ts keeps it that way).
 */
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });

/**
 * A deep link waits for its route chunks behind the splash before AuthProvider even mounts: these loaders
 * start the requests the screen waits for at the same time, into the query cache the screen reads.
 * A failure here is not reported: the screen's own check or query repeats the request and shows it.
 */
const startSessionCheck = () => {
  checkSession(queryClient).catch(() => undefined);
  return null;
};
const startDiscoveryFeed = () => {
  import('../features/discovery/discovery-api')
    .then(({ prefetchDiscoveryFeed }) => prefetchDiscoveryFeed(queryClient))
    .catch(() => undefined);
  return null;
};

function Root() {
  return (
    <AppProviders>
      <Outlet />
      <ScrollRestoration />
    </AppProviders>
  );
}

/**
 * Product §2 route table, plus /profile/edit and /subscription. Every route but '/' and the password
 * reset screens needs a signed-in user.
 */
export const router = createBrowserRouter([
  {
    element: <Root />,
    // A deep link to a signed-in screen waits for its route chunks: show the splash meanwhile, not a blank page.
    HydrateFallback: SplashScreen,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: '/forgot-password',
        lazy: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
      },
      {
        path: '/unsubscribe',
        lazy: page(() => import('../features/auth/unsubscribe-page'), 'UnsubscribePage'),
      },
      {
        // A trusted contact's link (Share My Date): public, no session.
        path: '/date/:token',
        lazy: page(() => import('../features/datesafety/shared-date-page'), 'SharedDatePage'),
      },
      {
        path: '/reset-password',
        lazy: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
      },
      {
        element: <RequireAuth />,
        loader: startSessionCheck,
        children: [
          {
            // The socket (and the chat code it needs) is for signed-in screens only.
            lazy: page(() => import('./signed-in'), 'SignedIn'),
            children: [
              {
                lazy: page(() => import('./shell'), 'AppShell'),
                children: [
                  {
                    path: '/home',
                    loader: startDiscoveryFeed,
                    lazy: page(() => import('../features/discovery/discover-page'), 'DiscoverPage'),
                  },
                  { path: '/tea', lazy: page(() => import('../features/tea/tea-page'), 'TeaPage') },
                  {
                    path: '/subscribe',
                    lazy: page(() => import('../features/billing/subscribe-page'), 'SubscribePage'),
                  },
                  { path: '/premium', lazy: page(() => import('../features/billing/premium-page'), 'PremiumPage') },
                  { path: '/chats', lazy: page(() => import('../features/chat/chats-page'), 'ChatsPage') },
                  { path: '/filters', lazy: page(() => import('../features/discovery/filters-page'), 'FiltersPage') },
                  { path: '/events', lazy: page(() => import('../features/events/events-page'), 'EventsPage') },
                  { path: '/profile', lazy: page(() => import('../features/profiles/profile-page'), 'ProfilePage') },
                  {
                    path: '/profile/edit',
                    lazy: page(() => import('../features/profiles/edit-profile-page'), 'EditProfilePage'),
                  },
                  { path: '/safety', lazy: page(() => import('../features/safety/safety-page'), 'SafetyPage') },
                  {
                    path: '/preferences',
                    lazy: page(() => import('../features/preferences/preferences-page'), 'PreferencesPage'),
                  },
                  { path: '/settings', lazy: page(() => import('../features/settings/settings-page'), 'SettingsPage') },
                  {
                    path: '/verification',
                    lazy: page(() => import('../features/verification/verification-page'), 'VerificationPage'),
                  },
                  {
                    path: '/micro-interactions-demo',
                    lazy: page(
                      () => import('../features/micro-interactions-demo/micro-interactions-demo-page'),
                      'MicroInteractionsDemoPage',
                    ),
                  },
                  {
                    path: '/onboarding-demo',
                    lazy: page(() => import('../features/onboarding/onboarding-demo-page'), 'OnboardingDemoPage'),
                  },
                  {
                    path: '/preference-visualization',
                    lazy: page(
                      () => import('../features/preferences/preference-visualization-page'),
                      'PreferenceVisualizationPage',
                    ),
                  },
                  {
                    path: '/subscription',
                    lazy: page(() => import('../features/billing/subscription-page'), 'SubscriptionPage'),
                  },
                ],
              },
              {
                // Moderators only, in the shell; a member gets the same 404 page as at /moderation.
                element: <RequireModerator />,
                children: [
                  {
                    lazy: page(() => import('./shell'), 'AppShell'),
                    children: [
                      {
                        path: '/moderation/verification',
                        lazy: page(
                          () => import('../features/verification/verification-review-queue'),
                          'VerificationModerationPage',
                        ),
                      },
                    ],
                  },
                ],
              },
              {
                lazy: page(() => import('./shell'), 'BareLayout'),
                children: [
                  {
                    path: '/conversation/:matchId',
                    lazy: page(() => import('../features/chat/conversation-page'), 'ConversationPage'),
                  },
                ],
              },
            ],
          },
          {
            element: <RequireModerator />,
            children: [
              {
                lazy: page(() => import('./moderation-route'), 'ModerationRoute'),
                path: '/moderation',
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

followRouter(router);

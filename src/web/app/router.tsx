import { Outlet, ScrollRestoration, createBrowserRouter } from 'react-router';
import { checkSession } from '../lib/session';
import { AppProviders, queryClient } from './providers';
import { RequireAuth, RequireModerator, SplashScreen } from './guards';
import { ScreenLoadFailed } from './screen-load-failed';
import { LandingPage } from '../features/auth/landing-page';
import { followRouter } from '../lib/overlay-history';
import { whenIdle } from '../lib/when-idle';
import { followSavedLanguage, loadMessages } from '../lib/i18n';
import type { HomeScreenName } from './screens';
import type { MoreScreenName } from './more-screens';

/** A module requested once and shared; a failed load (offline) is retried by the next navigation, not remembered. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/**
 * Every signed-in screen is its own chunk, fetched when its route is first visited, so the landing
 * page loads only what it shows (the budget in scripts/check-bundle-size.ts keeps it that way). The
 * screens' loaders are two more small chunks: /home's (./screens.ts), requested now, while the first render runs,
 * and every other screen's (./more-screens.ts), requested once the browser is idle.
 */
const homeScreens = once(() => import('./screens'));
const moreScreens = once(() => import('./more-screens'));
homeScreens().catch(() => undefined);
whenIdle(() => void moreScreens().catch(() => undefined));

/** Which screens are /home's (checked against ./screens.ts by the compiler, without importing it). */
const HOME_SCREENS = { SignedIn: true, AppShell: true, DiscoverPage: true, BareLayout: true } satisfies Record<
  HomeScreenName,
  true
>;
const isHomeScreen = (name: string): name is HomeScreenName => name in HOME_SCREENS;

// Once a signed-in screen is here, every other screen's words follow when the browser is idle (withMessages would
// fetch them on the first visit anyway; this saves the wait).
const page = (name: HomeScreenName | MoreScreenName) => async () => {
  if (!isHomeScreen(name)) return { Component: await (await moreScreens()).screens[name]() };
  const Component = await (await homeScreens()).screens[name]();
  whenIdle(() => void loadMessages('rest').catch(() => undefined));
  return { Component };
};

/**
 * A deep link waits for its route chunks behind the splash before AuthProvider even mounts: these loaders
 * start the requests the screen waits for at the same time, into the query cache the screen reads.
 * A failure here is not reported: the screen's own check or query repeats the request and shows it.
 */

/**
 * The signed-in screens' loader: her first signed-in paint is in her saved language, not the device's first. It
 * starts the session check (AuthProvider awaits the same request), then reads her preferences into the cache the
 * screens read (lib/preferences.ts, through ./screens.ts so the landing page does not carry it) and waits for her
 * language's words. Offline or on an error she gets the device's language, at once. It runs when she enters the
 * signed-in screens (a reload, a sign-in), not on every navigation among them (`shouldRevalidate`).
 */
async function signedInLoader(): Promise<null> {
  try {
    const user = await checkSession(queryClient);
    if (!user) return null;
    const { fetchPreferences } = await (await homeScreens()).preferencesApi();
    const prefs = await fetchPreferences(queryClient, user.id);
    await followSavedLanguage(prefs.app.language);
  } catch {
    // The device's language stays; the screens' own queries repeat what failed and say so.
  }
  return null;
}
const startDiscoveryFeed = () => {
  homeScreens()
    .then(({ discoveryApi }) => discoveryApi())
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
    // A screen that could not open (offline, its code not yet on this device) says so, with Try again.
    errorElement: <ScreenLoadFailed />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        path: '/forgot-password',
        lazy: page('ForgotPasswordPage'),
      },
      {
        path: '/unsubscribe',
        lazy: page('UnsubscribePage'),
      },
      {
        // A trusted contact's link (Share My Date): public, no session.
        path: '/date/:token',
        lazy: page('SharedDatePage'),
      },
      {
        path: '/reset-password',
        lazy: page('ResetPasswordPage'),
      },
      {
        element: <RequireAuth />,
        loader: signedInLoader,
        shouldRevalidate: () => false,
        children: [
          {
            // The socket (and the chat code it needs) is for signed-in screens only.
            lazy: page('SignedIn'),
            children: [
              {
                lazy: page('AppShell'),
                children: [
                  {
                    // A screen that could not open says so inside the shell: her tabs stay (tryout).
                    errorElement: <ScreenLoadFailed inShell />,
                    children: [
                      {
                        path: '/home',
                        loader: startDiscoveryFeed,
                        lazy: page('DiscoverPage'),
                      },
                      { path: '/tea', lazy: page('TeaPage') },
                      {
                        path: '/subscribe',
                        lazy: page('SubscribePage'),
                      },
                      { path: '/premium', lazy: page('PremiumPage') },
                      { path: '/chats', lazy: page('ChatsPage') },
                      { path: '/filters', lazy: page('FiltersPage') },
                      { path: '/events', lazy: page('EventsPage') },
                      { path: '/profile', lazy: page('ProfilePage') },
                      {
                        path: '/profile/edit',
                        lazy: page('EditProfilePage'),
                      },
                      { path: '/safety', lazy: page('SafetyPage') },
                      {
                        path: '/preferences',
                        lazy: page('PreferencesPage'),
                      },
                      { path: '/settings', lazy: page('SettingsPage') },
                      {
                        path: '/verification',
                        lazy: page('VerificationPage'),
                      },
                      {
                        path: '/micro-interactions-demo',
                        lazy: page('MicroInteractionsDemoPage'),
                      },
                      {
                        path: '/onboarding-demo',
                        lazy: page('OnboardingDemoPage'),
                      },
                      {
                        path: '/preference-visualization',
                        lazy: page('PreferenceVisualizationPage'),
                      },
                      {
                        path: '/subscription',
                        lazy: page('SubscriptionPage'),
                      },
                    ],
                  },
                ],
              },
              {
                // Moderators only, in the shell; a member gets the same 404 page as at /moderation.
                element: <RequireModerator />,
                children: [
                  {
                    lazy: page('AppShell'),
                    children: [
                      {
                        path: '/moderation/verification',
                        lazy: page('VerificationModerationPage'),
                      },
                    ],
                  },
                ],
              },
              {
                lazy: page('BareLayout'),
                children: [
                  {
                    path: '/conversation/:matchId',
                    lazy: page('ConversationPage'),
                  },
                ],
              },
            ],
          },
          {
            element: <RequireModerator />,
            children: [
              {
                lazy: page('ModerationRoute'),
                path: '/moderation',
              },
            ],
          },
        ],
      },
      { path: '*', lazy: page('NotFoundPage') },
    ],
  },
]);

followRouter(router);

import { Outlet, ScrollRestoration, createBrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { RequireAuth } from './guards';
import { AppShell, BareLayout } from './shell';
import { LandingPage } from '../features/landing/landing-page';
import { DiscoverPage } from '../features/discovery/discover-page';
import { FiltersPage } from '../features/discovery/filters-page';
import { MicroInteractionsDemoPage } from '../features/feedback/micro-interactions-demo-page';
import { SettingsPage } from '../features/settings/settings-page';
import { ProfilePage } from '../features/profiles/profile-page';
import { EditProfilePage } from '../features/profiles/edit-profile-page';
import { OnboardingDemoPage } from '../features/onboarding/onboarding-demo-page';
import { NotFoundPage } from '../features/misc/not-found-page';
import { ChatsPage } from '../features/chat/chats-page';
import { ConversationPage } from '../features/chat/conversation-page';
import {
  EventsPage,
  PreferenceVisualizationPage,
  PreferencesPage,
  PremiumPage,
  SafetyPage,
  SubscribePage,
  SubscriptionPage,
  TeaPage,
  VerificationPage,
} from '../features/misc/placeholder-pages';

function Root() {
  return (
    <AppProviders>
      <Outlet />
      <ScrollRestoration />
    </AppProviders>
  );
}

/** Spec 2 route table, plus /profile/edit and /subscription. Every route but '/' needs a signed-in user. */
export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <LandingPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: '/home', element: <DiscoverPage /> },
              { path: '/tea', element: <TeaPage /> },
              { path: '/subscribe', element: <SubscribePage /> },
              { path: '/premium', element: <PremiumPage /> },
              { path: '/chats', element: <ChatsPage /> },
              { path: '/filters', element: <FiltersPage /> },
              { path: '/events', element: <EventsPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/profile/edit', element: <EditProfilePage /> },
              { path: '/safety', element: <SafetyPage /> },
              { path: '/preferences', element: <PreferencesPage /> },
              { path: '/settings', element: <SettingsPage /> },
              { path: '/verification', element: <VerificationPage /> },
              { path: '/micro-interactions-demo', element: <MicroInteractionsDemoPage /> },
              { path: '/onboarding-demo', element: <OnboardingDemoPage /> },
              { path: '/preference-visualization', element: <PreferenceVisualizationPage /> },
              { path: '/subscription', element: <SubscriptionPage /> },
            ],
          },
          {
            element: <BareLayout />,
            children: [{ path: '/conversation/:matchId', element: <ConversationPage /> }],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

import {
  BadgeCheck,
  CalendarHeart,
  ChartPie,
  Coffee,
  Crown,
  Shield,
  SlidersHorizontal,
  Wallet,
} from 'lucide-react';
import { ComingSoon } from '../../components/coming-soon';

/*
 * Screens later releases fill in. Each names what is coming, in one honest sentence.
 */

export const TeaPage = () => (
  <ComingSoon
    title="Tea"
    icon={Coffee}
    description="Tea, the anonymous story community for Premium members, is coming here soon."
  />
);

export const SubscribePage = () => (
  <ComingSoon
    title="Steep Premium"
    icon={Crown}
    description="Choosing a monthly or annual Premium plan and paying for it is coming here soon."
  />
);

export const PremiumPage = () => (
  <ComingSoon
    title="Go Premium"
    icon={Crown}
    description="Upgrading to Premium for unlimited likes and more is coming here soon."
  />
);

export const EventsPage = () => (
  <ComingSoon
    title="Tea Events"
    icon={CalendarHeart}
    description="Tea meetups you can host or join are coming here soon."
  />
);

export const SafetyPage = () => (
  <ComingSoon
    title="Safety Center"
    icon={Shield}
    description="Reporting, blocking and safety tips will be gathered here soon."
  />
);

export const PreferencesPage = () => (
  <ComingSoon
    title="App Preferences"
    icon={SlidersHorizontal}
    description="Settings for matching, notifications, privacy and the app itself are coming here soon."
  />
);

export const VerificationPage = () => (
  <ComingSoon
    title="Verification"
    icon={BadgeCheck}
    description="Verifying your profile with photos and social handles is coming here soon."
  />
);

export const PreferenceVisualizationPage = () => (
  <ComingSoon
    title="Your Preferences"
    icon={ChartPie}
    description="A dashboard to see and fine-tune your dating preferences is coming here soon."
  />
);

export const SubscriptionPage = () => (
  <ComingSoon title="Subscription" icon={Wallet} description="Managing your Steep subscription is coming here soon." />
);

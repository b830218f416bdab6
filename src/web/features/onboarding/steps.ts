import { Crown, Heart, Leaf, MessageCircleHeart, PartyPopper, Hand, type LucideIcon } from 'lucide-react';

interface OnboardingStep {
  id: 'welcome' | 'swiping' | 'action-buttons' | 'matching' | 'premium-features' | 'all-set';
  title: string;
  body: string;
  /** Short bullet points shown under the body. */
  points?: string[];
  icon: LucideIcon;
}

/** The 6-step reading of the tour (product §2, Landing). */
export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Steep',
    body: 'A dating and community space made for queer women and non-binary people. Here is a quick tour of how it works.',
    icon: Leaf,
  },
  {
    id: 'swiping',
    title: 'Swipe to discover',
    body: 'Profiles appear as cards on Discover. Drag a card to decide.',
    points: ['Swipe right to like', 'Swipe left to pass', 'Swipe up to super like'],
    icon: Hand,
  },
  {
    id: 'action-buttons',
    title: 'Prefer tapping?',
    body: 'The three round buttons under each card do the same as swiping.',
    points: ['✕ passes', '★ sends a super like', '♥ likes'],
    icon: Heart,
  },
  {
    id: 'matching',
    title: "It's a match!",
    body: 'When you both like each other, you match. Your matches live in Chats, where you can start a conversation right away.',
    icon: MessageCircleHeart,
  },
  {
    id: 'premium-features',
    title: 'Premium features',
    body: 'Steep Premium adds a few extras when you want them.',
    points: [
      'Unlimited likes and 5 super likes a week',
      'See who liked you',
      'Tea: the anonymous story community',
      'Ghost mode and profile boost',
    ],
    icon: Crown,
  },
  {
    id: 'all-set',
    title: "You're all set",
    body: 'Complete your profile, then start discovering. You can replay this tour any time from Settings.',
    icon: PartyPopper,
  },
];

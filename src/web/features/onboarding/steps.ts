import { Crown, Heart, Leaf, MessageCircleHeart, PartyPopper, Hand, type LucideIcon } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

interface OnboardingStep {
  id: 'welcome' | 'swiping' | 'action-buttons' | 'matching' | 'premium-features' | 'all-set';
  title: MessageDescriptor;
  body: MessageDescriptor;
  /** Short bullet points shown under the body. */
  points?: MessageDescriptor[];
  icon: LucideIcon;
}

/** The 6-step reading of the tour (product §2, Landing); rendered with `i18n._` at render time. */
export const ONBOARDING_STEPS: readonly OnboardingStep[] = [
  {
    id: 'welcome',
    title: msg`Welcome to Steep`,
    body: msg`A dating and community space made for queer women and non-binary people. Here is a quick tour of how it works.`,
    icon: Leaf,
  },
  {
    id: 'swiping',
    title: msg`Swipe to discover`,
    body: msg`Profiles appear as cards on Discover. Drag a card to decide.`,
    points: [msg`Swipe right to like`, msg`Swipe left to pass`, msg`Swipe up to super like`],
    icon: Hand,
  },
  {
    id: 'action-buttons',
    title: msg`Prefer tapping?`,
    body: msg`The three round buttons under each card do the same as swiping.`,
    points: [msg`✕ passes`, msg`★ sends a super like`, msg`♥ likes`],
    icon: Heart,
  },
  {
    id: 'matching',
    title: msg`It's a match!`,
    body: msg`When you both like each other, you match. Your matches live in Chats, where you can start a conversation right away.`,
    icon: MessageCircleHeart,
  },
  {
    id: 'premium-features',
    title: msg`Premium features`,
    body: msg`Steep Premium adds a few extras when you want them.`,
    points: [
      msg`Unlimited likes and 5 super likes a week`,
      msg`See who liked you`,
      msg`Tea: the anonymous story community`,
      msg`Ghost mode and profile boost`,
    ],
    icon: Crown,
  },
  {
    id: 'all-set',
    title: msg`You're all set`,
    body: msg`Complete your profile, then start discovering. You can replay this tour any time from Settings.`,
    icon: PartyPopper,
  },
];

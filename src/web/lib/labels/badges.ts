import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BadgeId } from '../../../contract/badge-catalogue';

/* The badges' names (issue 29), by badge id, read in her language: Discover's cards show them. Their descriptions
 * and rules, which only the reveal card and the achievements show, are in ./badge-details.ts (not on /home's first paint). */

const BADGE_NAMES: Record<BadgeId, MessageDescriptor> = {
  first_match: msg({ message: 'First Match', context: 'badge' }),
  social_butterfly: msg({ message: 'Social Butterfly', context: 'badge' }),
  conversation_starter: msg({ message: 'Conversation Starter', context: 'badge' }),
  icebreaker: msg({ message: 'Icebreaker', context: 'badge' }),
  good_listener: msg({ message: 'Good Listener', context: 'badge' }),
  week_streak: msg({ message: 'Week Streak', context: 'badge' }),
  month_streak: msg({ message: 'Month Streak', context: 'badge' }),
  profile_pro: msg({ message: 'Profile Pro', context: 'badge' }),
  early_bird: msg({ message: 'Early Bird', context: 'badge' }),
  verified: msg({ message: 'Verified', context: 'badge' }),
  premium_member: msg({ message: 'Premium Member', context: 'badge' }),
  host: msg({ message: 'Host', context: 'badge' }),
  regular: msg({ message: 'Regular', context: 'badge' }),
  storyteller: msg({ message: 'Storyteller', context: 'badge' }),
  supportive: msg({ message: 'Supportive', context: 'badge' }),
  tea_critic: msg({ message: 'Tea Critic', context: 'badge' }),
  safety_ally: msg({ message: 'Safety Ally', context: 'badge' }),
};

/** A badge's name in her language (an id no longer in the catalogue reads as itself). */
export function badgeName(id: string): string {
  const name = (BADGE_NAMES as Record<string, MessageDescriptor | undefined>)[id];
  return name ? i18n._(name) : id;
}

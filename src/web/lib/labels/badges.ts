import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EARLY_BIRD_MEMBERS, type BadgeId } from '../../../contract/badge-catalogue';

/* The badges' names, descriptions and rules (issue 29), by badge id, read in her language. */

interface BadgeLabels {
  name: MessageDescriptor;
  description: MessageDescriptor;
  rule: MessageDescriptor;
}

const members = EARLY_BIRD_MEMBERS;

const BADGE_LABELS: Record<BadgeId, BadgeLabels> = {
  first_match: {
    name: msg({ message: 'First Match', context: 'badge' }),
    description: msg`Made your first match`,
    rule: msg`Get 1 match`,
  },
  social_butterfly: {
    name: msg({ message: 'Social Butterfly', context: 'badge' }),
    description: msg`Ten mutual matches`,
    rule: msg`Get 10 matches`,
  },
  conversation_starter: {
    name: msg({ message: 'Conversation Starter', context: 'badge' }),
    description: msg`Sent your first message`,
    rule: msg`Send a message`,
  },
  icebreaker: {
    name: msg({ message: 'Icebreaker', context: 'badge' }),
    description: msg`Opened with a conversation starter`,
    rule: msg`Send a conversation starter`,
  },
  good_listener: {
    name: msg({ message: 'Good Listener', context: 'badge' }),
    description: msg`Replied in ten conversations`,
    rule: msg`Reply in 10 conversations`,
  },
  week_streak: {
    name: msg({ message: 'Week Streak', context: 'badge' }),
    description: msg`Seven days in a row on Steep`,
    rule: msg`Be active 7 days in a row`,
  },
  month_streak: {
    name: msg({ message: 'Month Streak', context: 'badge' }),
    description: msg`Thirty days in a row on Steep`,
    rule: msg`Be active 30 days in a row`,
  },
  profile_pro: {
    name: msg({ message: 'Profile Pro', context: 'badge' }),
    description: msg`A profile that is 100% complete`,
    rule: msg`Complete your profile`,
  },
  early_bird: {
    name: msg({ message: 'Early Bird', context: 'badge' }),
    description: msg`One of the first ${members} members`,
    rule: msg`Join among the first ${members} members`,
  },
  verified: {
    name: msg({ message: 'Verified', context: 'badge' }),
    description: msg`Photo verification approved`,
    rule: msg`Get your photos verified`,
  },
  premium_member: {
    name: msg({ message: 'Premium Member', context: 'badge' }),
    description: msg`Supports Steep with Premium`,
    rule: msg`Subscribe to Premium`,
  },
  host: {
    name: msg({ message: 'Host', context: 'badge' }),
    description: msg`Hosted a tea meetup`,
    rule: msg`Host a meetup`,
  },
  regular: {
    name: msg({ message: 'Regular', context: 'badge' }),
    description: msg`Joined three tea meetups`,
    rule: msg`Join 3 meetups`,
  },
  storyteller: {
    name: msg({ message: 'Storyteller', context: 'badge' }),
    description: msg`Shared your first Tea story`,
    rule: msg`Share a Tea story`,
  },
  supportive: {
    name: msg({ message: 'Supportive', context: 'badge' }),
    description: msg`Supported ten Tea stories`,
    rule: msg`Support 10 stories`,
  },
  tea_critic: {
    name: msg({ message: 'Tea Critic', context: 'badge' }),
    description: msg`Reviewed five teas`,
    rule: msg`Write 5 tea reviews`,
  },
  safety_ally: {
    name: msg({ message: 'Safety Ally', context: 'badge' }),
    description: msg`A report of yours helped keep Steep safe`,
    rule: msg`File a report that leads to action`,
  },
};

export interface BadgeText {
  name: string;
  description: string;
  rule: string;
}

/** A badge's name, description and rule in her language (an id no longer in the catalogue reads as itself). */
export function badgeText(id: string): BadgeText {
  const labels = (BADGE_LABELS as Record<string, BadgeLabels | undefined>)[id];
  if (!labels) return { name: id, description: '', rule: '' };
  return { name: i18n._(labels.name), description: i18n._(labels.description), rule: i18n._(labels.rule) };
}

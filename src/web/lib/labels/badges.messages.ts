import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BadgeId } from '../../../contract/badge-catalogue';

/*
 * The badges' names for the translators, read into the catalogues by `npm run i18n:extract`. The app looks
 * each up by its id (`badge.<id>`, ./badges.ts) and does not import this table (badges.test.ts checks the ids).
 */
export const BADGE_NAME_MESSAGES: Record<BadgeId, MessageDescriptor> = {
  first_match: msg({ id: 'badge.first_match', message: 'First Match' }),
  social_butterfly: msg({ id: 'badge.social_butterfly', message: 'Social Butterfly' }),
  conversation_starter: msg({ id: 'badge.conversation_starter', message: 'Conversation Starter' }),
  icebreaker: msg({ id: 'badge.icebreaker', message: 'Icebreaker' }),
  good_listener: msg({ id: 'badge.good_listener', message: 'Good Listener' }),
  week_streak: msg({ id: 'badge.week_streak', message: 'Week Streak' }),
  month_streak: msg({ id: 'badge.month_streak', message: 'Month Streak' }),
  profile_pro: msg({ id: 'badge.profile_pro', message: 'Profile Pro' }),
  early_bird: msg({ id: 'badge.early_bird', message: 'Early Bird' }),
  verified: msg({ id: 'badge.verified', message: 'Verified' }),
  premium_member: msg({ id: 'badge.premium_member', message: 'Premium Member' }),
  host: msg({ id: 'badge.host', message: 'Host' }),
  regular: msg({ id: 'badge.regular', message: 'Regular' }),
  storyteller: msg({ id: 'badge.storyteller', message: 'Storyteller' }),
  supportive: msg({ id: 'badge.supportive', message: 'Supportive' }),
  tea_critic: msg({ id: 'badge.tea_critic', message: 'Tea Critic' }),
  safety_ally: msg({ id: 'badge.safety_ally', message: 'Safety Ally' }),
};

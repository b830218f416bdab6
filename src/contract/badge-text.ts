import { EARLY_BIRD_MEMBERS, type BadgeId } from './badge-catalogue';

/** Each badge's English name, description and rule (what earns it), as the API serves them (./badges.ts). */
export const BADGE_TEXT: Record<BadgeId, { name: string; description: string; rule: string }> = {
  first_match: {
    name: 'First Match',
    description: 'Made your first match',
    rule: 'Get 1 match',
  },
  social_butterfly: {
    name: 'Social Butterfly',
    description: 'Ten mutual matches',
    rule: 'Get 10 matches',
  },
  conversation_starter: {
    name: 'Conversation Starter',
    description: 'Sent your first message',
    rule: 'Send a message',
  },
  icebreaker: {
    name: 'Icebreaker',
    description: 'Opened with a conversation starter',
    rule: 'Send a conversation starter',
  },
  good_listener: {
    name: 'Good Listener',
    description: 'Replied in ten conversations',
    rule: 'Reply in 10 conversations',
  },
  week_streak: {
    name: 'Week Streak',
    description: 'Seven days in a row on Steep',
    rule: 'Be active 7 days in a row',
  },
  month_streak: {
    name: 'Month Streak',
    description: 'Thirty days in a row on Steep',
    rule: 'Be active 30 days in a row',
  },
  profile_pro: {
    name: 'Profile Pro',
    description: 'A profile that is 100% complete',
    rule: 'Complete your profile',
  },
  early_bird: {
    name: 'Early Bird',
    description: `One of the first ${EARLY_BIRD_MEMBERS} members`,
    rule: `Join among the first ${EARLY_BIRD_MEMBERS} members`,
  },
  verified: {
    name: 'Verified',
    description: 'Photo verification approved',
    rule: 'Get your photos verified',
  },
  premium_member: {
    name: 'Premium Member',
    description: 'Supports Steep with Premium',
    rule: 'Subscribe to Premium',
  },
  host: {
    name: 'Host',
    description: 'Hosted a tea meetup',
    rule: 'Host a meetup',
  },
  regular: {
    name: 'Regular',
    description: 'Joined three tea meetups',
    rule: 'Join 3 meetups',
  },
  storyteller: {
    name: 'Storyteller',
    description: 'Shared your first Tea story',
    rule: 'Share a Tea story',
  },
  supportive: {
    name: 'Supportive',
    description: 'Supported ten Tea stories',
    rule: 'Support 10 stories',
  },
  tea_critic: {
    name: 'Tea Critic',
    description: 'Reviewed five teas',
    rule: 'Write 5 tea reviews',
  },
  safety_ally: {
    name: 'Safety Ally',
    description: 'A report of yours helped keep Steep safe',
    rule: 'File a report that leads to action',
  },
};

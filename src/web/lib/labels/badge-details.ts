import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EARLY_BIRD_MEMBERS, type BadgeId } from '../../../contract/badge-catalogue';

/* What each badge is for and how it is earned, by badge id, in her language; names are in ./badges.ts. */
const members = EARLY_BIRD_MEMBERS;

const BADGE_DETAILS: Record<BadgeId, { description: MessageDescriptor; rule: MessageDescriptor }> = {
  first_match: { description: msg`Made your first match`, rule: msg`Get 1 match` },
  social_butterfly: { description: msg`Ten mutual matches`, rule: msg`Get 10 matches` },
  conversation_starter: { description: msg`Sent your first message`, rule: msg`Send a message` },
  icebreaker: { description: msg`Opened with a conversation starter`, rule: msg`Send a conversation starter` },
  good_listener: { description: msg`Replied in ten conversations`, rule: msg`Reply in 10 conversations` },
  week_streak: { description: msg`Seven days in a row on Steep`, rule: msg`Be active 7 days in a row` },
  month_streak: { description: msg`Thirty days in a row on Steep`, rule: msg`Be active 30 days in a row` },
  profile_pro: { description: msg`A profile that is 100% complete`, rule: msg`Complete your profile` },
  early_bird: {
    description: msg`One of the first ${members} members`,
    rule: msg`Join among the first ${members} members`,
  },
  verified: { description: msg`Photo verification approved`, rule: msg`Get your photos verified` },
  premium_member: { description: msg`Supports Steep with Premium`, rule: msg`Subscribe to Premium` },
  host: { description: msg`Hosted a tea meetup`, rule: msg`Host a meetup` },
  regular: { description: msg`Joined three tea meetups`, rule: msg`Join 3 meetups` },
  storyteller: { description: msg`Shared your first Tea story`, rule: msg`Share a Tea story` },
  supportive: { description: msg`Supported ten Tea stories`, rule: msg`Support 10 stories` },
  tea_critic: { description: msg`Reviewed five teas`, rule: msg`Write 5 tea reviews` },
  safety_ally: {
    description: msg`A report of yours helped keep Steep safe`,
    rule: msg`File a report that leads to action`,
  },
};

/** A badge's description and rule in her language (empty for an id no longer in the catalogue). */
export function badgeDetails(id: string): { description: string; rule: string } {
  const details = (
    BADGE_DETAILS as Record<string, { description: MessageDescriptor; rule: MessageDescriptor } | undefined>
  )[id];
  return details
    ? { description: i18n._(details.description), rule: i18n._(details.rule) }
    : { description: '', rule: '' };
}

import {
  ALREADY_REPORTED_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  MISSING_REPLY_MESSAGE,
  NUDGE_MESSAGE,
  REPLY_NUDGE_MESSAGE,
} from '../../../contract/tea';
import { removeDetailsMessage } from '../../features/tea/doxxing';
/** tea: the server's words in English (../en.ts). */
export const tea = {
  storyNotFound: 'Story not found',
  replyNotFound: 'Reply not found',
  reviewNotFound: 'Review not found',
  youCantLikeYour: "You can't like your own review",
  teaIsForPremium: 'Tea is for Premium members. Upgrade to read and share stories.',
  youCanOnlyDelete: 'You can only delete your own story',
  missingReply: MISSING_REPLY_MESSAGE,
  replyNudge: REPLY_NUDGE_MESSAGE,
  alreadyReported: ALREADY_REPORTED_MESSAGE,
  missingStoryFields: MISSING_FIELDS_MESSAGE,
  storyNudge: NUDGE_MESSAGE,
  storiesPerDay: (p: { count: number }) => `You can share up to ${p.count} stories a day. Please come back tomorrow.`,
  removeDetails: (p: { details: string[]; what: 'story' | 'reply' }) => removeDetailsMessage(p.details, p.what),
  removeUsername: (p: { what: 'story' | 'reply' }) =>
    `Please remove the member's username: ${p.what === 'story' ? 'stories' : 'replies'} can't name a member of Steep. Use a first name or an initial instead.`,
};

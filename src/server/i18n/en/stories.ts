/** stories: the server's words in English (../en.ts). */
/** contract/stories.ts's messages (MISSING_REPLY_MESSAGE…) are repeated here (checked by contract-messages.test.ts). */
export const stories = {
  storyNotFound: 'Story not found',
  replyNotFound: 'Reply not found',
  /** Tea's refusal without Premium: the teas feature's routes answer it too. */
  teaIsForPremium: 'Tea is for Premium members. Upgrade to read and share stories.',
  youCanOnlyDelete: 'You can only delete your own story',
  missingReply: 'Please write a reply',
  replyNudge: 'Are you sure? This reply may hurt someone',
  alreadyReported: 'You already reported this. Our moderators will review it.',
  missingStoryFields: 'Please fill in all fields',
  storyNudge: 'Are you sure? This story may hurt someone',
  storiesPerDay: (p: { count: number }) => `You can share up to ${p.count} stories a day. Please come back tomorrow.`,
  removeDetails: (p: { details: string[]; what: 'story' | 'reply' }) => {
    const { details, what } = p;
    const list =
      details.length === 1 ? details[0] : `${details.slice(0, -1).join(', ')} and ${details[details.length - 1]}`;
    const noun = details.length === 1 ? 'it' : 'them';
    const plural = what === 'story' ? 'stories' : 'replies';
    return `Please remove the ${list}: ${plural} can't include details that identify or locate someone. Edit your ${what} to take ${noun} out.`;
  },
  removeUsername: (p: { what: 'story' | 'reply' }) =>
    `Please remove the member's username: ${p.what === 'story' ? 'stories' : 'replies'} can't name a member of Steep. Use a first name or an initial instead.`,
};

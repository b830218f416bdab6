/** safety: the server's words in English (../en.ts). */
export const safety = {
  youHaveAlreadyBlocked: 'You have already blocked this username',
  youCannotBlockYourself: 'You cannot block yourself',
  youHaveAlreadyBlockedThis: 'You have already blocked this user',
  blockNotFound: 'Block not found',
  youCannotReportYourself: 'You cannot report yourself',
  thatConversationIsNot: 'That conversation is not with the member you are reporting',
  thisFileIsNot: 'This file is not available',
  unblocked: 'You can now see this user again',
  reportReceived: 'Thank you. Our team will review your report.',
  reportByUsernameReceived: (p: { username: string }) =>
    `Thank you. If @${p.username} is on Steep, our team will review your report.`,
};

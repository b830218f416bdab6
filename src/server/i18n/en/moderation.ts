/** moderation: the server's words in English (../en.ts). */
export const moderation = {
  youCannotModerateYour: 'You cannot moderate your own account',
  youFiledAReport: 'You filed a report against this member: another moderator must review it',
  thisMemberIsNot: 'This member is not suspended',
  thereAreNoOpen: 'There are no open reports to dismiss',
};

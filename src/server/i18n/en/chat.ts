/** chat: the server's words in English (../en.ts). */
/** The CHAT_ERRORS and MEDIA_ERRORS texts of src/contract are repeated here (checked by contract-messages.test.ts). */
export const chat = {
  chooseAPhotoOr: 'Choose a photo or record a voice note',
  sendOneFileAt: 'Send one file at a time',
  thisFileIsNo: 'This file is no longer available',
  anIcebreakerMessageNeeds: 'An icebreaker message needs its icebreakerId',
  onlyIcebreakerMessagesCarry: 'Only icebreaker messages carry an icebreakerId',
  uploadTheFileFirst: 'Upload the file first',
  thisMemberOnlyAccepts:
    'This member only accepts a first message from verified members. Get verified to message her, or wait for her to write first.',
  thisClientmessageidWasAlready: 'This clientMessageId was already used for another conversation',
  chooseAFile: 'Choose a file',
  requiredForIcebreakerMessages: 'Required for icebreaker messages',
  onlyForMessagetypeIcebreaker: 'Only for messageType icebreaker',
  alreadyUsed: 'Already used',
  notAMessageOf: 'Not a message of this conversation',
  messageNotFound: 'Message not found',
  icebreakerNotFound: 'Conversation starter not found',
  icebreakerUsed: 'This conversation starter was already used',
  mediaNotFound: 'Media not found',
  mediaUnusable: 'This upload cannot be sent (it was already sent, expired, or belongs to another conversation)',
  mediaViewOnce: 'This photo can be viewed once: open it to see it',
  mediaAlreadyOpened: 'This photo was already opened',
  sendFileAsMultipart: (p: { field: string }) => `Send the file as multipart/form-data in the field "${p.field}"`,
  filesAtMost: (p: { megabytes: number }) => `Files can be at most ${p.megabytes} MB`,
  photosAtMostMb: (p: { megabytes: number }) => `Photos can be at most ${p.megabytes} MB`,
  voiceNotesAtMostMb: (p: { megabytes: number }) => `Voice notes can be at most ${p.megabytes} MB`,
  mediaPerHour: (p: { count: number; minutes: number }) =>
    `At most ${p.count} photos and voice notes an hour in one conversation: you can send another in ${p.minutes} min.`,
};

import { MEDIA_ERRORS } from '../../../contract/chat-media';
import { CHAT_ERRORS } from '../../../contract/chat';
/** chat: the server's words in English (../en.ts). */
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
  messageNotFound: CHAT_ERRORS.messageNotFound,
  icebreakerNotFound: CHAT_ERRORS.icebreakerNotFound,
  icebreakerUsed: CHAT_ERRORS.icebreakerUsed,
  mediaNotFound: MEDIA_ERRORS.notFound,
  mediaUnusable: MEDIA_ERRORS.unusable,
  mediaViewOnce: MEDIA_ERRORS.viewOnce,
  mediaAlreadyOpened: MEDIA_ERRORS.alreadyOpened,
  sendFileAsMultipart: (p: { field: string }) => `Send the file as multipart/form-data in the field "${p.field}"`,
  filesAtMost: (p: { megabytes: number }) => `Files can be at most ${p.megabytes} MB`,
  photosAtMostMb: (p: { megabytes: number }) => `Photos can be at most ${p.megabytes} MB`,
  voiceNotesAtMostMb: (p: { megabytes: number }) => `Voice notes can be at most ${p.megabytes} MB`,
  mediaPerHour: (p: { count: number }) =>
    `At most ${p.count} photos and voice notes an hour in one conversation. Please wait a little.`,
};

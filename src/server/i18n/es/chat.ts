import type { Translation } from '../catalogue';
import type { chat as en } from '../en/chat';

/** chat in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const chat: Translation<typeof en> = {
  chooseAPhotoOr: 'Elige una foto o graba una nota de voz',
  sendOneFileAt: 'Envía un archivo cada vez',
  thisFileIsNo: 'Este archivo ya no está disponible',
  anIcebreakerMessageNeeds: 'Un mensaje para romper el hielo necesita su icebreakerId',
  onlyIcebreakerMessagesCarry: 'Solo los mensajes para romper el hielo llevan icebreakerId',
  uploadTheFileFirst: 'Primero sube el archivo',
  thisMemberOnlyAccepts:
    'Esta persona solo acepta un primer mensaje de perfiles verificados. Verifica tu perfil para escribirle o espera a que te escriba primero.',
  thisClientmessageidWasAlready: 'Este clientMessageId ya se usó en otra conversación',
  chooseAFile: 'Elige un archivo',
  requiredForIcebreakerMessages: 'Obligatorio en los mensajes para romper el hielo',
  onlyForMessagetypeIcebreaker: 'Solo para mensajes de tipo icebreaker',
  alreadyUsed: 'Ya se usó',
  notAMessageOf: 'No es un mensaje de esta conversación',
  messageNotFound: 'No encontramos el mensaje',
  icebreakerNotFound: 'No encontramos esa forma de empezar la conversación',
  icebreakerUsed: 'Esa forma de empezar la conversación ya se usó',
  mediaNotFound: 'No encontramos el archivo',
  mediaUnusable: 'No se puede enviar este archivo (ya se envió, caducó o es de otra conversación)',
  mediaViewOnce: 'Esta foto se puede ver una sola vez: ábrela para verla',
  mediaAlreadyOpened: 'Esta foto ya se abrió',
  sendFileAsMultipart: (p) => `Envía el archivo como multipart/form-data en el campo "${p.field}"`,
  filesAtMost: (p) => `Los archivos pueden ocupar como máximo ${p.megabytes} MB`,
  photosAtMostMb: (p) => `Las fotos pueden ocupar como máximo ${p.megabytes} MB`,
  voiceNotesAtMostMb: (p) => `Las notas de voz pueden ocupar como máximo ${p.megabytes} MB`,
  mediaPerHour: (p) =>
    `Como máximo ${p.count} fotos y notas de voz por hora en una conversación: podrás enviar otra en ${p.minutes} min.`,
};

import type { Translation } from '../catalogue';
import type { profiles as en } from '../en/profiles';

/** profiles in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const profiles: Translation<typeof en> = {
  voiceNotesMustBe: 'Las notas de voz deben ser Opus en WebM o AAC en MP4',
  thisVoiceNoteHas: 'No se puede leer la duración de esta nota de voz. Vuelve a grabarla.',
  aVoiceNoteNeeds: 'Una nota de voz necesita su forma de onda',
  photosMustBeJpeg: 'Las fotos deben ser imágenes JPEG, PNG, WebP, HEIC o AVIF',
  thisHeicPhotoCant: 'No se puede leer esta foto HEIC. Elige una copia en JPEG, PNG o WebP.',
  thisPhotoCouldNot: 'No se pudo leer esta foto. Puede que esté dañada; prueba con otra.',
  photoNotFound: 'No encontramos la foto',
  listEachOfYour: 'Incluye cada una de tus fotos exactamente una vez',
  chooseAPhotoTo: 'Elige una foto para subir',
  sendOnePhotoAt: 'Envía una foto cada vez',
  recordAVoiceNote: 'Primero graba una nota de voz',
  voiceNotesCanBe: 'Las notas de voz pueden ocupar como máximo 1 MB',
  sendOneVoiceNote: 'Envía una nota de voz cada vez',
  thisVoiceNoteIs: 'Esta nota de voz ya no está disponible',
  recordAVoiceNoteField: 'Graba una nota de voz',
  voiceNotesAtMostSeconds: (p) => `Las notas de voz pueden durar como máximo ${p.seconds} segundos`,
  atMostSeconds: (p) => `Como máximo ${p.seconds} segundos`,
  photosAtMostMegapixels: (p) => `Las fotos pueden tener como máximo ${p.megapixels} megapíxeles`,
  photosAtMostCount: (p) => `Puedes tener como máximo ${p.count} fotos. Borra una para añadir otra.`,
  sendPhotoAsMultipart: (p) => `Envía la foto como multipart/form-data en el campo "${p.field}"`,
  sendVoiceNoteAsMultipart: (p) => `Envía la nota de voz como multipart/form-data en el campo "${p.field}"`,
  statusAtMost: (p) => `Un estado puede tener como máximo ${p.count} caracteres`,
  atMostCharacters: (p) => `Como máximo ${p.count} caracteres`,
};

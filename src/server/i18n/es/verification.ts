import type { Translation } from '../catalogue';
import type { verification as en } from '../en/verification';

/** verification in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
/** verification/analysis.ts's photo requirements, by id: what to do first. */
const UNMET: Partial<Record<string, string>> = {
  enough_photos: 'Añade más fotos a tu perfil',
  analysis_finished: 'Espera a que termine la revisión de tus fotos',
  photos_pass: 'Sustituye las fotos que no pasan la revisión',
  face_alone: 'Añade una foto en la que se vea bien tu cara, sin nadie más',
};

export const verification: Translation<typeof en> = {
  takeOrChooseA: 'Hazte o elige un selfie para enviar',
  sendOneSelfie: 'Envía un solo selfie',
  yourProfileIsAlready: 'Tu perfil ya está verificado',
  yourVerificationIsAlready: 'Nuestro equipo ya está revisando tu verificación',
  requestVerificationFirstWe: 'Primero pide la verificación: te pediremos una pose',
  thisRequestWasAlready: 'Esta solicitud ya se resolvió o no existe',
  anotherModeratorMustReview: 'Otra persona del equipo de moderación debe revisar tu propia verificación',
  addPhotosBeforeCheck: (p) => `Añade al menos ${p.count} fotos antes de revisarlas`,
  selfiesAtMostMb: (p) => `Los selfies pueden ocupar como máximo ${p.megabytes} MB`,
  sendSelfieAsMultipart: (p) => `Envía el selfie como multipart/form-data en el campo "${p.field}"`,
  verificationRetryAfter: (p) =>
    `Puedes volver a pedir la verificación a partir del ${new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(p.at))} (UTC)`,
  verificationUnmet: (p) => `${UNMET[p.id] ?? 'Cumple los requisitos de las fotos'} antes de pedir la verificación`,
};

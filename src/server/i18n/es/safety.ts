import type { Translation } from '../catalogue';
import type { safety as en } from '../en/safety';

/** safety in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const safety: Translation<typeof en> = {
  youHaveAlreadyBlocked: 'Ya bloqueaste este nombre de usuario',
  youCannotBlockYourself: 'No puedes bloquear tu propia cuenta',
  youHaveAlreadyBlockedThis: 'Ya bloqueaste a esta persona',
  blockNotFound: 'No encontramos el bloqueo',
  youCannotReportYourself: 'No puedes denunciar tu propia cuenta',
  thatConversationIsNot: 'Esa conversación no es con la persona que denuncias',
  thisFileIsNot: 'Este archivo no está disponible',
  unblocked: 'Vuelves a ver a esta persona',
  reportReceived: 'Gracias. Nuestro equipo revisará tu denuncia.',
  reportByUsernameReceived: (p) => `Gracias. Si @${p.username} está en Steep, nuestro equipo revisará tu denuncia.`,
};

import type { Translation } from '../catalogue';
import type { moderation as en } from '../en/moderation';

/** moderation in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const moderation: Translation<typeof en> = {
  youCannotModerateYour: 'No puedes moderar tu propia cuenta',
  youFiledAReport: 'Denunciaste a esta persona: otra persona del equipo de moderación debe revisarlo',
  thisMemberIsNot: 'Esta persona no está suspendida',
  thereAreNoOpen: 'No hay denuncias abiertas que descartar',
};

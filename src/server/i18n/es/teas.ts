import type { Translation } from '../catalogue';
import type { teas as en } from '../en/teas';

/** teas in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const teas: Translation<typeof en> = {
  reviewNotFound: 'No encontramos la reseña',
  youCantLikeYour: 'No puedes dar like a tu propia reseña',
};

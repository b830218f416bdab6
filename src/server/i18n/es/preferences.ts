import type { Translation } from '../catalogue';
import type { preferences as en } from '../en/preferences';

/** preferences in Spanish (neutral, inclusive, tú: docs/i18n-glossary.md). */
export const preferences: Translation<typeof en> = {
  premiumPreferencesNeedAn: 'Las preferencias Premium necesitan una suscripción activa a Steep Premium',
  chooseFriendsDeck: 'Elige Amistad o Ambos en «Busco» para usar las tarjetas de Amistad',
  preferencesChangedElsewhere:
    'Tus preferencias cambiaron en otro dispositivo. Vuelve a cargarlas e inténtalo de nuevo.',
  chooseDatingDeck: 'Elige Citas o Ambos en «Busco» para usar las tarjetas de citas',
};

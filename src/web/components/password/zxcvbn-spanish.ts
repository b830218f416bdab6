import type { TranslationKeys } from '@zxcvbn-ts/core';
import { translations } from '@zxcvbn-ts/language-es-es';

/*
 * zxcvbn-ts's Spanish feedback sentences, loaded with the scorer (password-strength.ts). Only the sentences:
 * scoring uses the English dictionaries, as the server does, and the bundler drops the Spanish ones (the
 * package has no side effects).
 */

/**
 * With the one sentence that reads wrong put right ("Evitas…"); the server makes the same correction.
 * @public read from the dynamic import in password-strength.ts, which knip does not follow
 */
export const spanish: TranslationKeys = {
  ...translations,
  suggestions: { ...translations.suggestions, repeated: 'Evita palabras y letras repetidas.' },
};

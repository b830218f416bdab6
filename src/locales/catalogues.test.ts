/**
 * Part of `npm test` (unit): every message of the English catalogue has a Spanish translation, and the
 * catalogues are up to date with the source (a new `t`/`<Trans>` without `npm run i18n:extract` fails here).
 */
import { describe, expect, it } from 'vitest';
import { localeTranslations } from '../../scripts/po';

/** Words that are the same in both languages on purpose (brand and product names, loanwords). */
const SAME_IN_SPANISH = new Set([
  // Brand and product words, and the app's loanwords (docs/i18n-glossary.md).
  ...['Error', 'Likes', 'Like', 'LIKE', 'Super like', 'SUPER LIKE', 'Match', 'Matches', 'Tea', 'Chats', 'Premium'],
  ...['Boost', '{0, plural, one {# like} other {# likes}}', '{0, plural, one {# match} other {# matches}}'],
  ...['Bisexual', 'Pansexual', 'Ex', 'Foodie', 'Social', 'Visible', 'No', 'Pose: {pose}', '{name}, {0}'],
  // Interests Spanish says in English too, tea names and the names of US crisis lines.
  ...['Anime', 'Barre', 'Brunch', 'Cosplay', 'CrossFit', 'Esports', 'Gadgets', 'Golf', 'Karaoke', 'Mindfulness'],
  ...['Pickleball', 'Pilates', 'Rugby', 'Sushi', 'Tarot', 'Yoga', 'Chai', 'Earl Grey', 'Matcha', 'Oolong', 'Rooibos'],
  ...['988 Suicide & Crisis Lifeline', 'Crisis Text Line'],
]);

describe('translation catalogues', () => {
  const en = localeTranslations('en');
  const es = localeTranslations('es');

  it('has messages to translate', () => {
    expect(en.size).toBeGreaterThan(50);
  });

  it('gives every English message a Spanish translation', () => {
    const missing = [...en.keys()].filter((id) => !es.get(id));
    expect(missing, 'messages without a Spanish translation (src/locales/es/*.po)').toEqual([]);
  });

  it('has no Spanish translation left in English', () => {
    // The English is the English catalogue's text: the msgid, or an explicit id's words (lib/labels/*.messages.ts).
    const untranslated = [...es]
      .filter(([id, str]) => str === (en.get(id) ?? id) && !SAME_IN_SPANISH.has(str))
      .map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}|<(\d+)>/g)].map((m) => m[0]).sort();
    const changed = [...en].filter(
      ([id, english]) => es.get(id) && placeholders(english).join() !== placeholders(es.get(id) ?? '').join(),
    );
    expect(changed).toEqual([]);
  });
});

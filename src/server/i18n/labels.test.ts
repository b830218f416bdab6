import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTEREST_CATEGORIES, TEA_PREFERENCES } from '../../contract/interests';
import { translations } from '../../../scripts/po';
import { interestNames, teaNames } from './es/labels';
import { interestName, teaName, type Language } from './index';

/*
 * The server writes interest and tea names into sentences (conversation starters); the web shows the same names from
 * its catalogues (src/locales/<language>/*.po: `interest.<name>` by explicit id, the tea names by their English text).
 * The two must say the same: a member reads one name for one interest, in the app and in a starter.
 */
const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));
const parsed = new Map<Language, Map<string, string>[]>();
const catalogues = (language: Language) => {
  let maps = parsed.get(language);
  if (!maps) {
    maps = readdirSync(`${localesDir}${language}`)
      .filter((file) => file.endsWith('.po'))
      .map((file) => translations(readFileSync(`${localesDir}${language}/${file}`, 'utf8')));
    parsed.set(language, maps);
  }
  return maps;
};

/** Every msgstr the web's catalogues give `id` (one per catalogue that holds it). */
const webLabels = (language: Language, id: string) =>
  catalogues(language).flatMap((catalogue) => (catalogue.has(id) ? [catalogue.get(id)] : []));

const interests = INTEREST_CATEGORIES.flatMap((category) => category.interests);

describe('the server’s interest and tea names', () => {
  it.each(['en', 'es'] as const)('are the web catalogue’s (%s)', (language) => {
    const differ: string[] = [];
    for (const interest of interests) {
      const web = webLabels(language, `interest.${interest}`);
      if (web.length === 0 || web.some((label) => label !== interestName(language, interest))) {
        differ.push(`interest ${interest}: server ${interestName(language, interest)}, web ${web.join(' | ')}`);
      }
    }
    for (const tea of TEA_PREFERENCES) {
      const web = webLabels(language, tea);
      if (web.length === 0 || web.some((label) => label !== teaName(language, tea))) {
        differ.push(`tea ${tea}: server ${teaName(language, tea)}, web ${web.join(' | ')}`);
      }
    }
    expect(differ, 'change src/server/i18n/es/labels.ts with src/locales').toEqual([]);
  });

  it('name only interests and teas of the contract', () => {
    expect(Object.keys(interestNames).sort()).toEqual([...interests].sort());
    expect(Object.keys(teaNames).sort()).toEqual([...TEA_PREFERENCES].sort());
  });

  it('keep a name no table knows as stored', () => {
    expect(interestName('es', 'Hiking')).toBe('Senderismo');
    expect(interestName('es', 'Underwater Chess')).toBe('Underwater Chess');
    expect(teaName('es', 'constructor')).toBe('constructor');
  });
});

import { describe, expect, it } from 'vitest';
import { localeEntries, localeTranslations } from '../../../scripts/po';
import { BADGES, DESCRIBED_BADGES, EARLY_BIRD_MEMBERS } from '../../contract/badges';
import { REPORT_REASONS } from '../../contract/safety';
import { REASONS_EN } from './en/notifications';
import { BADGES_ES, REASONS_ES } from './es/notifications';

/*
 * A notice names a badge or a broken rule in the words the web shows for it (src/locales). The server keeps its
 * own copy of those words (it may not import the web, and the web's catalogues are compiled for the browser), so
 * here they are held to the web's: a badge's name by its explicit id (`badge.<id>`), its description and a report
 * reason by their English text (the contract's, which the web's messages are: lib/labels/*.test.ts).
 */
const en = localeTranslations('en');
const es = localeTranslations('es');

/** The web's report reason labels: the catalogue entries of src/web/lib/labels/safety.ts. */
const reasonEntries = (locale: string) =>
  localeEntries(locale).filter((entry) => entry.references.includes('src/web/lib/labels/safety.ts'));

describe('the server’s words for badges and report reasons', () => {
  it('name every badge as the web does', () => {
    expect(Object.keys(BADGES_ES).sort()).toEqual(BADGES.map((badge) => badge.id).sort());
    for (const badge of DESCRIBED_BADGES) {
      expect(en.get(`badge.${badge.id}`), badge.id).toBe(badge.name);
      expect(BADGES_ES[badge.id]?.name, badge.id).toBe(es.get(`badge.${badge.id}`));
    }
  });

  it('describe every badge as the web does', () => {
    // The web's descriptions have the Early Bird's count as a placeholder, filled as the contract fills it.
    const filled = (text: string) => text.replaceAll('{members}', String(EARLY_BIRD_MEMBERS));
    const spanish = new Map([...es].map(([id, text]) => [filled(id), filled(text)]));
    for (const badge of DESCRIBED_BADGES) {
      expect(BADGES_ES[badge.id]?.description, badge.id).toBe(spanish.get(badge.description));
    }
  });

  it('name every report reason as the web does', () => {
    const reasons = REPORT_REASONS.map((reason) => reason.value);
    expect(Object.keys(REASONS_EN)).toEqual(reasons);
    expect(Object.keys(REASONS_ES)).toEqual(reasons);
    const english = reasonEntries('en');
    const spanish = new Map(reasonEntries('es').map((entry) => [entry.key, entry.msgstr]));
    for (const reason of REPORT_REASONS) {
      expect(REASONS_EN[reason.value], reason.value).toBe(reason.label);
      const web = english.find((entry) => entry.msgid === reason.label);
      expect(web, `the web's entry for ${reason.value}`).toBeDefined();
      expect(REASONS_ES[reason.value], reason.value).toBe(web && spanish.get(web.key));
    }
  });
});

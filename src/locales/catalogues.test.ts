/**
 * Part of `npm test` (unit): every message of the English catalogue has a Spanish translation, and the
 * catalogues are up to date with the source (a new `t`/`<Trans>` without `npm run i18n:extract` fails here).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;

/** msgid → msgstr of a .po file (single-line entries: the extractor writes no wrapped lines here). */
function entries(locale: string): Map<string, string> {
  const text = readFileSync(path.join(dir, locale, 'messages.po'), 'utf8');
  const map = new Map<string, string>();
  const re = /^msgid (".*")\nmsgstr (".*")$/gm;
  for (const [, id, str] of text.matchAll(re)) {
    const msgid = JSON.parse(id as string) as string;
    if (msgid !== '') map.set(msgid, JSON.parse(str as string) as string);
  }
  return map;
}

/** Words that are the same in both languages on purpose (brand and product names, loanwords). */
const SAME_IN_SPANISH = new Set(['Error', 'Likes', 'Tea', 'Chats', 'Bisexual', 'Pansexual']);

describe('translation catalogues', () => {
  const en = entries('en');
  const es = entries('es');

  it('has messages to translate', () => {
    expect(en.size).toBeGreaterThan(50);
  });

  it('gives every English message a Spanish translation', () => {
    const missing = [...en.keys()].filter((id) => !es.get(id));
    expect(missing, 'messages without a Spanish translation (src/locales/es/messages.po)').toEqual([]);
  });

  it('has no Spanish translation left in English', () => {
    const untranslated = [...es].filter(([id, str]) => str === id && !SAME_IN_SPANISH.has(id)).map(([id]) => id);
    expect(untranslated).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}|<(\d+)>/g)].map((m) => m[0]).sort();
    const changed = [...en.keys()].filter(
      (id) => es.get(id) && placeholders(id).join() !== placeholders(es.get(id) ?? '').join(),
    );
    expect(changed).toEqual([]);
  });
});

/** Reading gettext .po catalogues (src/locales): what the extractor writes, with wrapped strings joined. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LOCALES = path.resolve(import.meta.dirname, '../src/locales');

/** A .po string literal sequence (`"a" "b"` across lines) as its text. */
const unquote = (lines: string[]) => lines.map((line) => JSON.parse(line) as string).join('');

/** An entry's key: its msgid, or `context\u0004msgid` when it has a msgctxt (gettext's own convention). */
export const entryKey = (msgid: string, context?: string): string => (context ? `${context}\u0004${msgid}` : msgid);

export interface PoEntry {
  key: string;
  msgid: string;
  msgstr: string;
  /** The source files its message is in (`#:` lines). */
  references: string[];
}

/** The translated entries of one .po file, skipping the header and untranslated entries. */
export function poEntries(po: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of po.split(/\n\n+/)) {
    const context = /^msgctxt ((?:".*"\n?)+)/m.exec(block);
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!id?.[1] || !str?.[1]) continue;
    const msgid = unquote(id[1].trim().split('\n'));
    const msgstr = unquote(str[1].trim().split('\n'));
    const msgctxt = context?.[1] ? unquote(context[1].trim().split('\n')) : undefined;
    const references = [...block.matchAll(/^#: (.*)$/gm)].flatMap((line) => (line[1] ?? '').split(' '));
    if (msgid && msgstr) entries.push({ key: entryKey(msgid, msgctxt), msgid, msgstr, references });
  }
  return entries;
}

/** Entry key → msgstr of one .po file, skipping the header and untranslated entries. */
export const translations = (po: string): Map<string, string> =>
  new Map(poEntries(po).map((entry) => [entry.key, entry.msgstr]));

/** The .po files of a locale (src/locales/<locale>/: start, visitor, home, rest: lingui.config.ts). */
export const catalogueFiles = (locale: string): string[] =>
  readdirSync(path.join(LOCALES, locale))
    .filter((name) => name.endsWith('.po'))
    .map((name) => path.join(LOCALES, locale, name));

/** The translated entries of every catalogue of a locale, as they are on disk now. */
export const localeEntries = (locale: string): PoEntry[] =>
  catalogueFiles(locale).flatMap((file) => poEntries(readFileSync(file, 'utf8')));

/** Entry key → msgstr of every catalogue of a locale (a message in two catalogues has one translation). */
export const localeTranslations = (locale: string): Map<string, string> =>
  new Map(localeEntries(locale).map((entry) => [entry.key, entry.msgstr]));

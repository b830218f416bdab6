/** Reading gettext .po catalogues (src/locales): what the extractor writes, with wrapped strings joined. */

/** A .po string literal sequence (`"a" "b"` across lines) as its text. */
const unquote = (lines: string[]) => lines.map((line) => JSON.parse(line) as string).join('');

/** An entry's key: its msgid, or `context\u0004msgid` when it has a msgctxt (gettext's own convention). */
export const entryKey = (msgid: string, context?: string): string => (context ? `${context}\u0004${msgid}` : msgid);

/** Entry key → msgstr of one .po file, skipping the header and untranslated entries. */
export function translations(po: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of po.split(/\n\n+/)) {
    const context = /^msgctxt ((?:".*"\n?)+)/m.exec(block);
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!id?.[1] || !str?.[1]) continue;
    const msgid = unquote(id[1].trim().split('\n'));
    const msgstr = unquote(str[1].trim().split('\n'));
    const msgctxt = context?.[1] ? unquote(context[1].trim().split('\n')) : undefined;
    if (msgid && msgstr) map.set(entryKey(msgid, msgctxt), msgstr);
  }
  return map;
}

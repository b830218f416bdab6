/** Reading gettext .po catalogues (src/locales): what the extractor writes, with wrapped strings joined. */

/** A .po string literal sequence (`"a" "b"` across lines) as its text. */
const unquote = (lines: string[]) => lines.map((line) => JSON.parse(line) as string).join('');

/** msgid → msgstr of one .po file, skipping the header and untranslated entries. */
export function translations(po: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of po.split(/\n\n+/)) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(block);
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(block);
    if (!id?.[1] || !str?.[1]) continue;
    const msgid = unquote(id[1].trim().split('\n'));
    const msgstr = unquote(str[1].trim().split('\n'));
    if (msgid && msgstr) map.set(msgid, msgstr);
  }
  return map;
}

/**
 * `npm run i18n:extract`: builds the web app to learn which files each first paint holds (src/locales/groups.json,
 * scripts/message-groups.ts), runs `lingui extract --clean`, then gives every untranslated entry the translation
 * its message has elsewhere: Lingui keeps a translation only within its catalogue, so a message that moved to
 * another catalogue, or is in two (`home` and `rest`), would otherwise lose its Spanish.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GROUPS_FILE, messageGroups } from './message-groups';
import { catalogueFiles, entryKey, localeTranslations } from './po';

const LOCALES = path.resolve(import.meta.dirname, '../src/locales');

/**
 * Fills the empty `msgstr ""` of single-line entries whose message has a known translation: by its msgid (the
 * English text), or for a message with an explicit id (lib/labels/*.messages.ts) by its English text.
 */
function fill(po: string, known: Map<string, string>, english: Map<string, string>): { text: string; filled: number } {
  let filled = 0;
  const text = po.replace(/^(msgctxt (".*")\n)?msgid (".+")\nmsgstr ""$/gm, (entry, ctxLine, ctx, id: string) => {
    const key = entryKey(
      JSON.parse(id) as string,
      ctx === undefined ? undefined : (JSON.parse(ctx as string) as string),
    );
    const source = english.get(key);
    const translation = known.get(key) ?? (source === undefined ? undefined : known.get(source));
    if (!translation) return entry;
    filled += 1;
    return `${(ctxLine as string | undefined) ?? ''}msgid ${id}\nmsgstr ${JSON.stringify(translation)}`;
  });
  return { text, filled };
}

const locales = readdirSync(LOCALES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'en')
  .map((entry) => entry.name);

const before = new Map(locales.map((locale) => [locale, localeTranslations(locale)] as const));

const build = mkdtempSync(path.join(tmpdir(), 'steep-message-groups-'));
try {
  // A message not yet translated must not stop this build: finding them is what this script is for.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', build], {
    stdio: 'inherit',
    env: { ...process.env, STEEP_MESSAGES_DRAFT: '1' },
  });
  writeFileSync(GROUPS_FILE, `${JSON.stringify(messageGroups(build), null, 2)}\n`);
} finally {
  rmSync(build, { recursive: true, force: true });
}

execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'inherit' });

const english = localeTranslations('en');

for (const locale of locales) {
  let carried = 0;
  for (const file of catalogueFiles(locale)) {
    const { text, filled } = fill(readFileSync(file, 'utf8'), before.get(locale) ?? new Map<string, string>(), english);
    if (filled) writeFileSync(file, text);
    carried += filled;
  }
  if (carried) console.log(`${locale}: ${carried} translations carried over to the catalogue their message moved to`);
}

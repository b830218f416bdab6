import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Steep is also for non-binary members, so no screen assumes the other person is "she". This reads
 * the built web app (what members actually get) for the phrases that did, and for the contractions that only
 * such copy uses. API summaries in the bundle talk about the member herself in the house style; they never
 * use these forms.
 */

const ASSETS = path.resolve(import.meta.dirname, '../dist/web/assets');

const KNOWN_PHRASES = [
  /she(?:'|&apos;|’)ll (?:show up|appear)/i,
  /Her profile says she/,
  /Her profile is not verified/,
  /Shown on her profile/,
  /Couldn't load her profile/,
  /Note to her/,
  /tell her what to fix/i,
  /Tell her why/,
  /review her case/,
  /Her profile photos/,
  /Her selfie is deleted/,
  /Shown to her in a warning/,
  /About her meetup/,
  /She made me feel/,
  /after she opens/i,
  /women who love women/,
];
const ASSUMING_SHE = /\b[Ss]he(?:'|’)(?:ll|s|d)\b|\b[Ss]he (?:is|was|will|does|doesn't|wants|likes)\b/;

describe('copy never assumes the other person is "she"', () => {
  it('the built app holds none of the known phrases nor she-contractions in its strings', async () => {
    const files = (await readdir(ASSETS)).filter((name) => name.endsWith('.js'));
    expect(files.length).toBeGreaterThan(5);
    const found: string[] = [];
    for (const name of files) {
      const code = await readFile(path.join(ASSETS, name), 'utf8');
      // String literals only: backtick, single and double quoted (the minifier uses all three).
      const strings = code.match(/`[^`]*`|'[^'\n]*'|"[^"\n]*"/g) ?? [];
      for (const text of strings) {
        if (text.includes('summary:')) continue;
        for (const pattern of [...KNOWN_PHRASES, ASSUMING_SHE]) {
          if (pattern.test(text)) found.push(`${name}: ${text.slice(0, 120)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});

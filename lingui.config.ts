import { readFileSync } from 'node:fs';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Lingui (docs/decisions/0023-i18n.md): English is the source language (the message ids are generated from the
 * English text). `npm run i18n:extract` extracts every message of the web app into four catalogues per locale,
 * split by when they are first needed, so a first visit downloads only the words it shows:
 *
 * - `start`: the landing page's first paint (the entry chunk); loaded before the first render (src/web/main.tsx).
 * - `visitor`: the other signed-out screens (log-in and sign-up forms, password reset, unsubscribe, 404).
 * - `home`: what /home's first paint adds (the signed-in shell and Discover).
 * - `rest`: every message; every other screen and every lazily opened part loads it.
 *
 * Which files go in `start`, `visitor` and `home` is read from the build (scripts/message-groups.ts) into
 * src/locales/groups.json by the extract script; `npm run test:bundle` fails when it is stale. A message in two
 * catalogues is translated once: the extract script fills the other copy.
 */
const groups = JSON.parse(readFileSync(new URL('./src/locales/groups.json', import.meta.url), 'utf8')) as Record<
  'start' | 'visitor' | 'home',
  string[]
>;
const rooted = (files: string[]) => files.map((file) => `<rootDir>/${file}`);
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: false,
  catalogs: [
    ...(['start', 'visitor', 'home'] as const).map((name) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include: rooted(groups[name]),
      exclude: TESTS,
    })),
    { path: '<rootDir>/src/locales/{locale}/rest', include: ['<rootDir>/src/web'], exclude: TESTS },
  ],
  // No line numbers: a moved line would change every catalogue and bury the real changes in review.
  format: formatter({ lineNumbers: false }),
});

import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Lingui (docs/decisions/0023-i18n.md): English is the source language (the message ids are generated
 * from the English text); every message of the web app is extracted into one catalogue per locale by
 * `npm run i18n:extract`, and the Vite plugin compiles the .po file a page imports at build time.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es'],
  fallbackLocales: false,
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/web'],
      exclude: ['**/node_modules/**', '**/*.test.ts'],
    },
  ],
  // No line numbers: a moved line would change every catalogue and bury the real changes in review.
  format: formatter({ lineNumbers: false }),
});

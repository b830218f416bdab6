import { afterEach, expect } from 'vitest';
import { cspViolations, missingMessages } from './harness';

/**
 * Every journey runs with the server's CSP on: a violation Chromium reports fails the test. So does a message
 * rendered before its catalogue loaded (it would show as its id; src/web/lib/i18n.ts logs it).
 */
afterEach(() => {
  const violations = cspViolations.splice(0);
  const missing = missingMessages.splice(0);
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
  expect(missing, 'messages shown before their catalogue loaded (withMessages)').toEqual([]);
});

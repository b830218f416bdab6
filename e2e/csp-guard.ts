import { afterEach, expect } from 'vitest';
import { cspViolations } from './harness';

/** Every journey runs with the server's CSP on: a violation Chromium reports fails the test. */
afterEach(() => {
  const found = cspViolations.splice(0);
  expect(found, 'Content-Security-Policy violations').toEqual([]);
});

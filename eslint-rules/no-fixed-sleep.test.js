// @ts-check
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import noFixedSleep from './no-fixed-sleep.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
const sleep = { messageId: 'sleep' };

tester.run('steep/no-fixed-sleep', noFixedSleep, {
  valid: [
    // Waiting for the thing itself.
    'await page.getByRole("dialog").waitFor();',
    'await expect.poll(() => card.count(), { timeout: 5_000 }).toBe(1);',
    'await vi.waitFor(() => read(), { timeout: 5_000, interval: 200 });',
    'await t.app.events.drain();',
    // A deadline that fails the wait is not a sleep.
    'await new Promise<void>((_, reject) => setTimeout(() => reject(new Error("late")), 50));',
    'const timer = setTimeout(() => reject(new Error("no pong")), timeoutMs);',
    // A timer that does work (a product debounce, a load generator's send) is not a wait.
    'setTimeout(() => send(from, to), interval);',
    'import { setImmediate } from "node:timers/promises";',
  ],
  invalid: [
    { code: 'await page.waitForTimeout(400);', errors: [sleep] },
    { code: 'await alice.page.waitForTimeout(1_000);', errors: [sleep] },
    { code: 'await new Promise((resolve) => setTimeout(resolve, 200));', errors: [sleep] },
    { code: 'await new Promise<void>((r) => setTimeout(() => r(), 50));', errors: [sleep] },
    { code: 'await new Promise<void>((done) => { window.setTimeout(() => { done(); }, 50); });', errors: [sleep] },
    { code: 'await new Promise(function (resolve) { globalThis.setTimeout(resolve, 50); });', errors: [sleep] },
    { code: 'import { setTimeout as wait } from "node:timers/promises";', errors: [sleep] },
    { code: 'import { setTimeout } from "timers/promises";', errors: [sleep] },
  ],
});

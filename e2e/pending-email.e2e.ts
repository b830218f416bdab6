import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import {
  closeBadgeCard,
  phoneContext,
  readOutbox,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  waitForMail,
  watchBadgeCheck,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * Changing a confirmed email: the new address waits for its code while the confirmed one stays hers (Settings
 * shows both), her old address is told, and she confirms with the code or cancels the change.
 */

// Codes are mailed through the job queue: the worker runs here, and every mail is awaited by polling the outbox.
const env = useServerAndBrowser({ JOBS_WORKER: 'true', JOBS_POLL_MS: '100' }, { timeoutMs: 120_000 });

const EMAIL_CARD = '[data-testid="settings-email"]';
const CODE_MAIL = /^Your Steep code: \d{6}$/;

const codesTo = async (to: string) =>
  (await readOutbox(env.server)).filter((m) => m.to === to && /^Your Steep code/.test(m.subject));
const codeOf = (subject: string | undefined) => /(\d{6})/.exec(subject ?? '')?.[1] ?? '';
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** A member whose `email` is confirmed (through the API, as on another day), on Settings with her badge card closed. */
async function memberOnSettings(
  email: string,
  overrides: Partial<RegisterBody>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  await signUpViaApi(context, { ...overrides, email });
  const code = codeOf((await waitForMail(env.server, email, CODE_MAIL)).subject);
  const verified = await context.request.post('/api/account/email/verify', { data: { code } });
  expect(verified.status()).toBe(200);
  const page = await context.newPage();
  const badges = await watchBadgeCheck(page, env.server);
  await page.goto('/settings');
  await closeBadgeCard(page, badges);
  return { context, page };
}

/** Change Email → the new address → Send Code: the pending state, her focus in its code field. */
async function askFor(page: Page, address: string): Promise<void> {
  const card = page.getByTestId('settings-email');
  const change = card.getByRole('button', { name: 'Change Email' });
  const another = card.getByRole('button', { name: 'Use another email' });
  await ((await change.count()) ? change : another).click();
  const field = card.getByLabel('New email');
  await expect.poll(() => isFocused(field)).toBe(true);
  await field.fill(address);
  await card.getByLabel('Your password').fill('Secret_123');
  await card.getByRole('button', { name: 'Send Code' }).click();
  await card.getByTestId('pending-email-address').getByText(address).waitFor();
  await expect.poll(() => isFocused(card.getByLabel('6-digit code'))).toBe(true);
}

describe('changing a confirmed email', () => {
  it('keeps the confirmed address until the new one is confirmed with the code from its mail', async () => {
    const old = 'renata.solis@example.com';
    const typo = 'renata.new@exmaple.com';
    const next = 'renata.new@example.com';
    const { context, page } = await memberOnSettings(old, { name: 'Renata', location: 'Omaha, Nebraska' });
    const card = page.getByTestId('settings-email');
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(old);
    await card.getByText('Verified', { exact: true }).waitFor();

    // A first try with a typo, then the right address: the pending one is replaced.
    await askFor(page, typo);
    const typoCode = codeOf((await waitForMail(env.server, typo, CODE_MAIL)).subject);
    await askFor(page, next);
    // Her confirmed address is still hers: shown as her email, still verified.
    expect(await page.getByTestId('account-email').textContent()).toBe(old);
    await card.getByText('Verified', { exact: true }).waitFor();
    await card.getByText(`Until then your email stays ${old}.`).waitFor();

    // Her old address was told, once per address asked for, each masked.
    const notices = async () =>
      (await readOutbox(env.server)).filter(
        (m) => m.to === old && m.subject === 'Someone asked to change your Steep email',
      );
    await expect.poll(async () => (await notices()).length, { timeout: 10_000 }).toBe(2);
    for (const notice of await notices()) {
      expect(notice.text).toContain('r•••@');
      expect(notice.text).not.toContain('renata.new');
    }

    const code = codeOf((await waitForMail(env.server, next, CODE_MAIL)).subject);
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'pending-email-waiting', { axeWithin: EMAIL_CARD });

    // A reload keeps the pending change (it is on her account, not in the page).
    await page.reload();
    const codeField = card.getByLabel('6-digit code');
    await codeField.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('account-email').textContent()).toBe(old);

    // Discover does not nag her: her confirmed email is fine.
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('region', { name: 'Confirm your email' }).count()).toBe(0);
    await page.goto('/settings');

    // The code of the replaced address says so.
    if (typoCode !== code) {
      await codeField.fill(typoCode);
      await card.getByRole('button', { name: 'Confirm New Email' }).click();
      await card.getByText('That code was replaced by a newer one — use the latest email').waitFor();
      await card.scrollIntoViewIfNeeded();
      await settle(page);
      await shootBothThemes(page, 'pending-email-replaced-code', { axeWithin: EMAIL_CARD });
    }
    await codeField.fill(code);
    await card.getByRole('button', { name: 'Confirm New Email' }).click();
    await toastText(page, 'Email verified').waitFor();
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(next);
    expect(await card.getByTestId('pending-email').count()).toBe(0);
    // Her focus lands on what the card shows next, not the top of the page.
    await expect.poll(() => isFocused(card.getByRole('button', { name: 'Change Email' }))).toBe(true);
    const me = await context.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    await context.close();
  });

  it('can be cancelled by keyboard: the confirmed address stays, her focus on Change Email', async () => {
    const old = 'tamsin.oyelaran@example.com';
    const next = 'tamsin.elsewhere@example.com';
    const { context, page } = await memberOnSettings(old, { name: 'Tamsin', location: 'Wichita, Kansas' });
    const card = page.getByTestId('settings-email');
    await askFor(page, next);
    await waitForMail(env.server, next, CODE_MAIL);

    // From the code field, Tab reaches each control of the pending change in order (Confirm New Email is disabled
    // until six digits are typed), each with a visible focus ring.
    const reached: string[] = [];
    while (reached.length < 5 && reached.at(-1) !== 'Cancel change') {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return {
          name: element.textContent?.trim() ?? '',
          ring: element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none',
        };
      });
      expect(focused.ring, `a visible focus on ${focused.name}`).toBe(true);
      reached.push(focused.name);
    }
    expect(reached).toEqual(['Send a new code', 'Use another email', 'Cancel change']);
    await settle(page);
    await shootBothThemes(page, 'pending-email-cancel-focus', { axeWithin: EMAIL_CARD });
    await page.keyboard.press('Enter');
    await toastText(page, `Change cancelled. Your email stays ${old}.`).waitFor();
    await card.getByTestId('pending-email').waitFor({ state: 'detached' });
    expect(await page.getByTestId('account-email').textContent()).toBe(old);
    await expect.poll(() => isFocused(card.getByRole('button', { name: 'Change Email' }))).toBe(true);
    const me = await context.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ email: old, emailVerified: true, pendingEmail: null });
    // The code mailed to the new address confirms nothing now.
    const stale = await context.request.post('/api/account/email/verify', {
      data: { code: codeOf((await codesTo(next)).at(-1)?.subject) },
    });
    expect(stale.status()).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'NOTHING_TO_CONFIRM' });
    await context.close();
  });
});

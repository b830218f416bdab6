import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import {
  closeBadgeCard,
  phoneContext,
  readOutbox,
  signUpViaApi,
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
const PASSWORD = 'Secret_123';

const codesTo = async (to: string) =>
  (await readOutbox(env.server)).filter((m) => m.to === to && /^Your Steep code/.test(m.subject));
const codeOf = (subject: string | undefined) => /(\d{6})/.exec(subject ?? '')?.[1] ?? '';
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Arriving at the code field: the card's "Email" heading is whole below the top bar, and the form's `submit` button
 * above the tab bar.
 */
async function expectEmailCardInView(page: Page, submit: string): Promise<void> {
  const place = () =>
    page.evaluate((submitName) => {
      const top = document.querySelector('[data-obscures-focus="top"]')?.getBoundingClientRect().bottom ?? 0;
      const bottom = document.querySelector('[data-obscures-focus="bottom"]')?.getBoundingClientRect().top ?? 0;
      const heading = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'Email');
      const button = [...document.querySelectorAll('[data-testid="settings-email"] button')].find(
        (b) => b.textContent === submitName,
      );
      return {
        headingClear: (heading?.getBoundingClientRect().top ?? -1) >= top,
        buttonClear: (button?.getBoundingClientRect().bottom ?? Infinity) <= bottom,
      };
    }, submit);
  // After the frame in which the screen scrolls to her.
  await expect.poll(place).toEqual({ headingClear: true, buttonClear: true });
}

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
  await card.getByLabel('Your Steep password').fill(PASSWORD);
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

    // Asking needs her password: a wrong one is said beside it, and nothing is asked for.
    await card.getByRole('button', { name: 'Change Email' }).click();
    await card.getByLabel('New email').fill(typo);
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'pending-email-change-form', { axeWithin: EMAIL_CARD });
    const passwordField = card.getByLabel('Your Steep password');
    await passwordField.fill('Not_my_password_1');
    await card.getByRole('button', { name: 'Send Code' }).click();
    await card.getByText('That password is not right').waitFor();
    await expect.poll(() => isFocused(passwordField)).toBe(true);
    expect(await passwordField.getAttribute('aria-invalid')).toBe('true');
    await settle(page);
    await shootBothThemes(page, 'pending-email-wrong-password', { axeWithin: EMAIL_CARD });
    expect(await card.getByTestId('pending-email').count()).toBe(0);
    await card.getByRole('button', { name: 'Cancel' }).click();

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
    // Five digits and Enter: she is told what is missing rather than nothing happening.
    await codeField.fill(code.slice(0, 5));
    await codeField.press('Enter');
    await card.getByText('Enter the 6-digit code', { exact: true }).waitFor();
    await codeField.fill(code);
    await card.getByRole('button', { name: 'Confirm New Email' }).click();
    // Said in the card, once, under her address: no toast over the card.
    const notice = card.getByTestId('email-notice');
    await notice.getByText(`Confirmed: your email is now ${next}.`).waitFor();
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(next);
    expect(await card.getByTestId('pending-email').count()).toBe(0);
    expect(await page.getByTestId('toasts').locator('li').count()).toBe(0);
    // Her focus lands on that line (with a ring), not the top of the page nor a button a second Enter would press.
    await expect.poll(() => isFocused(notice)).toBe(true);
    expect(await notice.evaluate((p) => getComputedStyle(p).outlineStyle)).toBe('solid');
    const me = await context.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ email: next, emailVerified: true, pendingEmail: null });
    await context.close();
  });

  it('can be cancelled by keyboard: the confirmed address stays, her focus on the line saying so', async () => {
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
    expect(reached).toEqual(['Confirm New Email', 'Send a new code', 'Use another email', 'Cancel change']);
    await settle(page);
    await shootBothThemes(page, 'pending-email-cancel-focus', { axeWithin: EMAIL_CARD });
    await page.keyboard.press('Enter');
    const notice = card.getByTestId('email-notice');
    await notice.getByText(`Change cancelled. Your email stays ${old}.`).waitFor();
    await card.getByTestId('pending-email').waitFor({ state: 'detached' });
    expect(await page.getByTestId('account-email').textContent()).toBe(old);
    await expect.poll(() => isFocused(notice)).toBe(true);
    // A second Enter lands on that line, not on Change Email: nothing opens.
    await page.keyboard.press('Enter');
    expect(await card.getByLabel('New email').count()).toBe(0);
    await settle(page);
    await shootBothThemes(page, 'pending-email-cancelled', { axeWithin: EMAIL_CARD });
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

  it('on a device that is behind, says what happened on her other one: never "verified" for a wrong code', async () => {
    const old = 'marguerite.okafor@example.com';
    const next = 'marguerite.new@example.com';
    const { context, page } = await memberOnSettings(old, { name: 'Marguerite', location: 'Lincoln, Nebraska' });
    const card = page.getByTestId('settings-email');
    const notice = card.getByTestId('email-notice');
    await askFor(page, next);
    const code = codeOf((await waitForMail(env.server, next, CODE_MAIL)).subject);
    // Her other phone confirms it: the same account, another device; this page does not know yet.
    expect((await context.request.post('/api/account/email/verify', { data: { code } })).status()).toBe(200);
    await card.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: 'Confirm New Email' }).click();
    await notice.getByText(`Already confirmed: your email is ${next}.`).waitFor();
    expect(await card.getByText(/verified/i).count()).toBe(1); // the status pill, not a sentence about her code
    await expect.poll(() => page.getByTestId('account-email').textContent()).toBe(next);
    await expect.poll(() => isFocused(notice)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'pending-email-behind-confirmed', { axeWithin: EMAIL_CARD });

    // Another change, cancelled on her other phone: Send a new code here says so, and sends nothing.
    const later = 'marguerite.later@example.com';
    await askFor(page, later);
    await waitForMail(env.server, later, CODE_MAIL);
    expect((await context.request.delete('/api/account/email/pending')).status()).toBe(200);
    const resent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/account/email/code');
    await card.getByRole('button', { name: 'Send a new code' }).click();
    expect((await resent).status()).toBe(409);
    await notice.getByText(`That change was cancelled. Your email stays ${next}.`).waitFor();
    expect(await codesTo(later)).toHaveLength(1);

    // A third, confirmed elsewhere while this app was in the background: said as soon as it comes back.
    const third = 'marguerite.third@example.com';
    await askFor(page, third);
    const thirdCode = codeOf((await waitForMail(env.server, third, CODE_MAIL)).subject);
    expect((await context.request.post('/api/account/email/verify', { data: { code: thirdCode } })).status()).toBe(200);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await notice.getByText(`Already confirmed: your email is ${third}.`).waitFor();
    await card.getByTestId('pending-email').waitFor({ state: 'detached' });
    // The code field her focus was in is gone: her focus is on what replaced it.
    await expect.poll(() => isFocused(notice)).toBe(true);
    await context.close();
  });

  it('a second Enter while a slow confirmation is out, or just after it, does nothing more', async () => {
    const email = 'sunniva.berg@example.com';
    const context = await phoneContext(env.browser, env.server.baseUrl);
    await signUpViaApi(context, { name: 'Sunniva', location: 'Fargo, North Dakota', email });
    const code = codeOf((await waitForMail(env.server, email, CODE_MAIL)).subject);
    const page = await context.newPage();
    // A short phone: the form is taller than half the screen, and centring it once put the heading under the top bar.
    await page.setViewportSize({ width: 375, height: 667 });
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/settings?verify=email');
    await closeBadgeCard(page, badges);
    const card = page.getByTestId('settings-email');
    const codeField = card.getByLabel('6-digit code');
    await expectEmailCardInView(page, 'Verify Email');

    // The confirmation is held until the second Enter has been pressed.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const verifies: string[] = [];
    await page.route('**/api/account/email/verify', async (route) => {
      verifies.push(route.request().method());
      await held;
      await route.continue();
    });
    await codeField.fill(code);
    await codeField.press('Enter');
    await card.getByRole('button', { name: 'Checking…' }).waitFor();
    await page.keyboard.press('Enter');
    release();
    const notice = card.getByTestId('email-notice');
    await notice.getByText('Your email is verified').waitFor();
    await expect.poll(() => isFocused(notice)).toBe(true);
    // The Enter after it: on the line saying what happened, so the change form does not open.
    await page.keyboard.press('Enter');
    expect(verifies).toEqual(['POST']);
    await card.getByRole('button', { name: 'Change Email' }).waitFor();
    expect(await card.getByLabel('New email').count()).toBe(0);
    await context.close();
  });

  it('keeps the address she typed when she leaves the form, by Cancel or by Back, for when she comes back', async () => {
    const old = 'wren.abernathy@example.com';
    const typed = 'wren.elsewhere@example.com';
    const { context, page } = await memberOnSettings(old, { name: 'Wren', location: 'Billings, Montana' });
    const card = page.getByTestId('settings-email');
    await card.getByRole('button', { name: 'Change Email' }).click();
    await card.getByLabel('New email').fill(typed);
    await card.getByLabel('Your Steep password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: 'Change Email' }).click();
    expect(await card.getByLabel('New email').inputValue()).toBe(typed);
    // Never her password.
    expect(await card.getByLabel('Your Steep password').inputValue()).toBe('');

    // Away from Settings with the form open, then Back: the form again, with what she typed.
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL('**/home');
    await page.goBack();
    await page.waitForURL('**/settings');
    await expect.poll(() => card.getByLabel('New email').inputValue()).toBe(typed);
    // Sent, it is not kept: the next change starts empty.
    await card.getByLabel('Your Steep password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Send Code' }).click();
    await card.getByTestId('pending-email-address').getByText(typed).waitFor();
    await card.getByRole('button', { name: 'Use another email' }).click();
    expect(await card.getByLabel('New email').inputValue()).toBe(typed);
    await card.getByRole('button', { name: 'Cancel' }).click();
    // Her focus is back on the button she opened the form with, not dropped to the page.
    await expect.poll(() => isFocused(card.getByRole('button', { name: 'Use another email' }))).toBe(true);
    await card.getByRole('button', { name: 'Cancel change' }).click();
    await card.getByRole('button', { name: 'Change Email' }).click();
    expect(await card.getByLabel('New email').inputValue()).toBe('');
    await context.close();
  });
});

describe('a first address another account confirmed meanwhile', () => {
  it('takes the dead code box away and asks for another address, saying why', async () => {
    const taken = 'quinn.harlow@example.com';
    const context = await phoneContext(env.browser, env.server.baseUrl);
    await signUpViaApi(context, { name: 'Quinn', location: 'Des Moines, Iowa', email: taken });
    const code = codeOf((await waitForMail(env.server, taken, CODE_MAIL)).subject);
    // Someone else adds the same address and confirms it first.
    const other = await phoneContext(env.browser, env.server.baseUrl);
    await signUpViaApi(other, { name: 'Harlow', location: 'Topeka, Kansas' });
    const asked = await other.request.post('/api/account/email', { data: { email: taken, currentPassword: PASSWORD } });
    expect(asked.status()).toBe(202);
    await expect.poll(async () => (await codesTo(taken)).length, { timeout: 10_000 }).toBe(2);
    const otherCode = codeOf((await codesTo(taken)).at(-1)?.subject);
    expect((await other.request.post('/api/account/email/verify', { data: { code: otherCode } })).status()).toBe(200);
    await other.close();

    const page = await context.newPage();
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/settings?verify=email');
    await closeBadgeCard(page, badges);
    const card = page.getByTestId('settings-email');
    await card.getByLabel('6-digit code').fill(code);
    await card.getByRole('button', { name: 'Verify Email' }).click();
    const message = `Another Steep account confirmed ${taken} first, so it cannot be yours here. Add another address.`;
    await card.getByText(message).waitFor();
    // No code box any more: the form for another address, her focus in it, the reason beside it.
    expect(await card.getByLabel('6-digit code').count()).toBe(0);
    const field = card.getByLabel('Email', { exact: true });
    await expect.poll(() => isFocused(field)).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('account-email').textContent()).toBe('No email added');
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'email-address-taken', { axeWithin: EMAIL_CARD });

    // Another address goes on to its code as a first one does.
    const next = 'quinn.second@example.com';
    await field.fill(next);
    await card.getByLabel('Your Steep password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Send Code' }).click();
    await card.getByText(`We sent a new code to ${next}. Only the newest code works.`).waitFor();
    // Discover's reminder names the new address, not the lost one.
    await page.goto('/home');
    const reminder = page.getByRole('region', { name: 'Confirm your email' });
    await reminder.getByText(next, { exact: false }).waitFor({ timeout: 15_000 });
    await context.close();
  });
});

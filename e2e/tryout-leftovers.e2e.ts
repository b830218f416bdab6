import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import {
  closeBadgeCard,
  phoneContext,
  readOutbox,
  screenshot,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  waitForMail,
  watchBadgeCheck,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { atRest, settle, watchRealtime } from './waits';

/*
 * What the phone tryouts left over: Save on Edit Profile some 140 Tab stops away behind every interest chip, an
 * email address broken at any letter, no reminder to confirm her email once sign-up's toast had gone, and a toast
 * covering the header control her focus was on. Each person lives in her own city, so no deck shows another.
 */

// Codes are mailed through the job queue: the worker runs here, and every mail is awaited by polling the outbox.
const env = useServerAndBrowser({ JOBS_WORKER: 'true', JOBS_POLL_MS: '100' }, { timeoutMs: 120_000 });

async function person(overrides: Partial<RegisterBody>) {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  const user = await signUpViaApi(context, overrides);
  const page = await context.newPage();
  return { context, user, page };
}

/** A new member on `path`, her first-badge card (which sign-up earns) closed. */
async function personOn(path: string, overrides: Partial<RegisterBody>) {
  const someone = await person(overrides);
  const badges = await watchBadgeCheck(someone.page, env.server);
  await someone.page.goto(path);
  await closeBadgeCard(someone.page, badges);
  return someone;
}

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus: how many stops it took, counting `from` (focused first) as the first. */
async function tabStopsTo(page: Page, target: Locator, options: { from?: Locator; limit?: number } = {}) {
  const { from, limit = 200 } = options;
  let stops = 0;
  if (from) {
    await from.focus();
    stops = 1;
  }
  while (!(await isFocused(target))) {
    if (++stops > limit) throw new Error(`no focus on the target after ${limit} Tab stops`);
    await page.keyboard.press('Tab');
  }
  return stops;
}

/**
 * The address parts (the text between its <wbr>s: the element's text nodes without a space) broken over two
 * lines, that is inside a word. The sentence around an address may wrap at its spaces.
 */
const partsBrokenInside = (element: Locator) =>
  element.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/\s/.test(node.textContent ?? '')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(node.textContent ?? '');
    }
    return broken;
  });

/** The focused element and the toast overlap (with 4 px for the focus ring). */
const focusUnderToast = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    const toast = document.querySelector('[data-testid="toasts"] li');
    if (!focused || focused === document.body || !toast) return false;
    const a = focused.getBoundingClientRect();
    const b = toast.getBoundingClientRect();
    return a.left - 4 < b.right && a.right + 4 > b.left && a.top - 4 < b.bottom && a.bottom + 4 > b.top;
  });

describe('tryout leftovers', () => {
  it('edit profile: her interests shown, the whole catalogue one button away, Save a few dozen Tab stops away', async () => {
    const chosen = ['Rock Climbing', 'Pottery', 'Tea Tasting', 'Board Games', 'Hiking'];
    const { context, page } = await personOn('/profile/edit', {
      name: 'Noor',
      location: 'Boise, Idaho',
      interests: chosen,
    });
    const form = page.getByRole('form', { name: 'Edit profile' });
    const showAll = form.getByRole('button', { name: /^Show all \d+ interests$/ });
    await showAll.waitFor();

    // Her five, pressed; none of the other hundred chips is a Tab stop.
    for (const interest of chosen) {
      expect(await form.getByRole('button', { name: interest, exact: true }).getAttribute('aria-pressed')).toBe('true');
    }
    expect(await form.getByRole('button', { name: 'Yoga', exact: true }).count()).toBe(0);
    expect(await showAll.getAttribute('aria-expanded')).toBe('false');
    // Counted from the first Tab stop of every signed-in screen.
    const stops = await tabStopsTo(page, form.getByRole('button', { name: 'Save Changes' }), {
      from: page.getByRole('link', { name: 'Skip to content' }),
    });
    // Was ~140 with every chip shown; 42 here: the header, photos, fields, her chips, the teas and Cancel.
    expect(stops).toBeLessThan(50);
    // The Add photo tile draws the keyboard focus of the hidden file input it stands for.
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    const fileInput = form.locator('input[type="file"]');
    await tabStopsTo(page, fileInput, { limit: 20 });
    const tileOutline = await form
      .locator('label', { hasText: 'Add photo' })
      .evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(tileOutline).toBe('solid');
    await showAll.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'leftovers-edit-interests');

    // By keyboard: Show all opens the catalogue after the button, so the next Tab is its first chip.
    await showAll.focus();
    await page.keyboard.press('Enter');
    const showMine = form.getByRole('button', { name: 'Show only your interests' });
    expect(await showMine.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    const yoga = form.getByRole('button', { name: 'Yoga', exact: true });
    expect(await isFocused(yoga)).toBe(true);
    await page.keyboard.press('Space');
    expect(await yoga.getAttribute('aria-pressed')).toBe('true');
    // Each category is one Tab stop: the arrow keys move between its chips.
    // Radix moves the roving focus in a timeout after the key: awaited, not read at once (a loaded CI host lost it).
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => isFocused(form.getByRole('button', { name: 'Pilates', exact: true }))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => isFocused(yoga)).toBe(true);
    // The whole catalogue shown (over 100 chips) was 123 Tab stops from here to Save.
    expect(await tabStopsTo(page, form.getByRole('button', { name: 'Save Changes' }), { from: yoga })).toBeLessThan(40);
    await form.getByRole('heading', { name: 'Fitness & Health' }).scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'leftovers-edit-interests-all');

    // Back to hers: Yoga stays in view; one taken off stays (unpressed) with her focus on it, to undo a slip.
    await showMine.click();
    await showAll.waitFor();
    expect(await yoga.getAttribute('aria-pressed')).toBe('true');
    const hiking = form.getByRole('button', { name: 'Hiking', exact: true });
    await hiking.focus();
    await page.keyboard.press('Space');
    expect(await hiking.getAttribute('aria-pressed')).toBe('false');
    expect(await isFocused(hiking)).toBe(true);

    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/profile');
    // Saved: her focus goes to her profile's heading, with a ring to show it, not back to the top of the page.
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => isFocused(heading)).toBe(true);
    expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('solid');
    await settle(page);
    await shootBothThemes(page, 'leftovers-profile-saved-heading-focus');
    const me = (await (await context.request.get('/api/auth/me')).json()) as { interests: string[] };
    expect([...me.interests].sort()).toEqual(['Board Games', 'Pottery', 'Rock Climbing', 'Tea Tasting', 'Yoga']);
    await context.close();
  });

  it('settings: an email address wraps only after its @ or before a dot, and a very long one stays in its card', async () => {
    const email = 'genevieve.montgomery@example.com';
    const { context, page } = await personOn('/settings', {
      name: 'Genevieve',
      location: 'Fargo, North Dakota',
      email,
    });
    const line = page.getByTestId('account-email');
    await expect.poll(() => line.textContent()).toBe(email);
    const sentence = page.getByText(`Enter the 6-digit code we emailed to ${email}.`);
    await sentence.waitFor();
    // It does not fit on one line at 390 px: it breaks, but between its parts only.
    expect(await line.evaluate((p) => p.getClientRects()[0]!.height > 24)).toBe(true);
    expect(await partsBrokenInside(line)).toEqual([]);
    expect(await partsBrokenInside(sentence)).toEqual([]);
    // Copied, it is one address: the break points are <wbr>, not characters.
    expect(await line.innerText()).toBe(email);
    const card = page.getByTestId('settings-email');
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'leftovers-settings-email', { axeWithin: '[data-testid="settings-email"]' });

    // A very long address (one part wider than the card) still breaks inside the card, never past its edge.
    const long = `${'a'.repeat(48)}.tea@${'kettle'.repeat(8)}.example.org`;
    const changed = await context.request.post('/api/account/email', {
      data: { email: long, currentPassword: 'Secret_123' },
    });
    expect(changed.status()).toBe(202);
    await page.reload();
    await expect.poll(() => line.textContent()).toBe(long);
    const overflow = await page.evaluate(() => {
      const card = document.querySelector('[data-testid="settings-email"]')!.getBoundingClientRect();
      const inside = [...document.querySelectorAll('[data-testid="settings-email"] p')].every(
        (p) => p.getBoundingClientRect().right <= card.right + 0.5,
      );
      return { page: document.documentElement.scrollWidth > innerWidth, inside };
    });
    expect(overflow).toEqual({ page: false, inside: true });
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'leftovers-settings-email-long', { axeWithin: '[data-testid="settings-email"]' });
    await context.close();
  });

  it('discover: a reminder to confirm her email that resends the code, leads to changing it, hides for the session, and goes once confirmed', async () => {
    const email = 'marisol.reyes@example.com';
    const { context, page } = await personOn('/home', { name: 'Marisol', location: 'Tulsa, Oklahoma', email });
    const reminder = page.getByRole('region', { name: 'Confirm your email' });
    await reminder.waitFor({ timeout: 15_000 });
    await reminder.getByText(`We emailed a 6-digit code to ${email}.`, { exact: false }).waitFor();
    // Not an overlay: part of the page, nothing modal.
    expect(await page.getByRole('dialog').count()).toBe(0);
    await reminder.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'leftovers-discover-email-reminder');

    // Send a new code: the same request as Settings' button; the card says it went, and the mail comes.
    await waitForMail(env.server, email, /^Your Steep code: \d{6}$/);
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/account/email/code');
    await reminder.getByRole('button', { name: 'Send a new code' }).click();
    expect((await sent).status()).toBe(202);
    await reminder
      .getByRole('status')
      .getByText(`We sent a new code to ${email}. Only the newest code works.`)
      .waitFor();
    const codes = async () =>
      (await readOutbox(env.server)).filter((m) => m.to === email && /^Your Steep code/.test(m.subject));
    await expect.poll(async () => (await codes()).length, { timeout: 10_000 }).toBe(2);
    await settle(page);
    await shootBothThemes(page, 'leftovers-discover-email-reminder-sent');

    // Change email: Settings with the form for a new address open, her address in it and her focus there.
    await reminder.getByRole('link', { name: 'Change email' }).click();
    await page.waitForURL('**/settings?change=email');
    const newEmail = page.getByLabel('New email');
    await expect.poll(() => isFocused(newEmail)).toBe(true);
    expect(await newEmail.inputValue()).toBe(email);
    await settle(page);
    await shootBothThemes(page, 'leftovers-settings-change-email', { axeWithin: '[data-testid="settings-email"]' });
    // A malformed address: the app's words under the field (not the browser's bubble), and her address unchanged.
    await newEmail.fill('not-an-email');
    await page.getByLabel('Your Steep password').fill('Secret_123');
    await newEmail.press('Enter');
    await page.getByTestId('settings-email').getByText('Enter a valid email address').waitFor();
    expect(await page.getByTestId('account-email').textContent()).toBe(email);

    // Hidden by keyboard: gone for this session (a reload too), her focus on what came after it.
    await page.goto('/home');
    await reminder.waitFor({ timeout: 15_000 });
    await reminder.getByRole('button', { name: 'Hide this reminder' }).focus();
    await page.keyboard.press('Enter');
    await reminder.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(A|BUTTON)$/);
    await page.reload();
    await page.getByRole('heading', { name: 'Complete your profile' }).waitFor({ timeout: 15_000 });
    expect(await reminder.count()).toBe(0);

    // A new session reminds her again, until the newest code confirms the address; then never.
    const next = await context.newPage();
    await next.goto('/home');
    const nextReminder = next.getByRole('region', { name: 'Confirm your email' });
    await nextReminder.waitFor({ timeout: 15_000 });
    await nextReminder.getByRole('link', { name: 'Enter code' }).click();
    await next.waitForURL('**/settings?verify=email');
    const code = /(\d{6})/.exec((await codes()).at(-1)!.subject)?.[1] ?? '';
    await next.getByLabel('6-digit code').fill(code);
    await next.getByRole('button', { name: 'Verify Email' }).click();
    await next.getByTestId('email-notice').getByText('Your email is verified').waitFor();
    await next.goto('/home');
    await next.getByRole('heading', { name: 'Complete your profile' }).waitFor({ timeout: 15_000 });
    expect(await nextReminder.count()).toBe(0);
    await context.close();
  });

  it('discover: a double tap sends one code, and a card left on her other device goes once she has confirmed', async () => {
    const codesTo = async (to: string) =>
      (await readOutbox(env.server)).filter((m) => m.to === to && /^Your Steep code/.test(m.subject));
    const newestCode = async (to: string) => /(\d{6})/.exec((await codesTo(to)).at(-1)?.subject ?? '')?.[1] ?? '';

    const email = 'odalys.ferrer@example.com';
    const { context, page } = await personOn('/home', { name: 'Odalys', location: 'Boise, Idaho', email });
    const reminder = page.getByRole('region', { name: 'Confirm your email' });
    await reminder.waitFor({ timeout: 15_000 });
    await waitForMail(env.server, email, /^Your Steep code: \d{6}$/);

    // Two taps faster than a render: one request, one new code.
    const requests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/account/email/code') requests.push(request.method());
    });
    await reminder.getByRole('button', { name: 'Send a new code' }).dblclick();
    await reminder.getByRole('status').getByText(`We sent a new code to ${email}.`, { exact: false }).waitFor();
    expect(requests).toEqual(['POST']);
    await expect.poll(async () => (await codesTo(email)).length, { timeout: 10_000 }).toBe(2);

    // Confirmed elsewhere (her other phone: the same account, not this page): the card here does not know yet.
    const confirmed = await context.request.post('/api/account/email/verify', {
      data: { code: await newestCode(email) },
    });
    expect(confirmed.status()).toBe(200);
    // Send a new code on the stale card: nothing is mailed, she is told it is confirmed, and the card goes.
    await reminder.getByRole('button', { name: 'Send a new code' }).click();
    await toastText(page, `No address is waiting for a code: your email ${email} is already confirmed.`).waitFor();
    await reminder.waitFor({ state: 'detached' });
    expect((await codesTo(email)).length).toBe(2);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(A|BUTTON)$/);

    // Another member's card, stale the same way, goes as soon as Discover shows again.
    const other = 'iliana.brooks@example.com';
    const second = await personOn('/home', { name: 'Iliana', location: 'Fargo, North Dakota', email: other });
    const secondReminder = second.page.getByRole('region', { name: 'Confirm your email' });
    await secondReminder.waitFor({ timeout: 15_000 });
    await waitForMail(env.server, other, /^Your Steep code: \d{6}$/);
    const secondConfirmed = await second.context.request.post('/api/account/email/verify', {
      data: { code: await newestCode(other) },
    });
    expect(secondConfirmed.status()).toBe(200);
    await second.page.getByRole('link', { name: 'Chats' }).first().click();
    await second.page.waitForURL('**/chats**');
    await second.page.getByRole('link', { name: 'Discover' }).first().click();
    await second.page.getByRole('heading', { name: 'Complete your profile' }).waitFor({ timeout: 15_000 });
    await secondReminder.waitFor({ state: 'detached', timeout: 10_000 });
    await second.context.close();
    await context.close();
  });

  it('a toast never covers the control her focus is on: it shows at the bottom while her focus is under its top place', async () => {
    const { context, user, page } = await person({ name: 'Ines', location: 'Eugene, Oregon' });
    // Her other phone, open on Discover: the change signs it out, and says so on the landing page.
    const other = await phoneContext(env.browser, env.server.baseUrl);
    const signedIn = await other.request.post('/api/auth/login', {
      data: { username: user.username, password: 'Secret_123' },
    });
    expect(signedIn.status()).toBe(200);
    const otherPage = await other.newPage();
    const otherLive = watchRealtime(otherPage);
    await otherPage.goto('/home');
    await otherLive.connected();

    // By keyboard on Settings: the password changes, and the toast says so at the top.
    await page.goto('/settings');
    await page.getByLabel('Current password').fill('Secret_123');
    await page.getByLabel('New password').fill('Quiet-kettle-morning-87');
    await page.getByRole('button', { name: 'Change Password' }).focus();
    await page.keyboard.press('Enter');
    const toasts = page.getByTestId('toasts');
    await toastText(page, 'Password changed').waitFor();
    expect(await toasts.getAttribute('data-edge')).toBe('top');

    // Her focus goes up to the header, where the toast was: the toast moves to the bottom, clear of it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'Back to Home' }).focus();
    await expect.poll(() => focusUnderToast(page), { message: 'Back to Home' }).toBe(false);
    // Back through the header: her profile, the bell, the home link.
    for (let stop = 1; stop <= 3; stop++) {
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => focusUnderToast(page), { message: `header stop ${stop}` }).toBe(false);
    }
    expect(await isFocused(page.getByRole('link', { name: 'Steep home' }))).toBe(true);
    expect(await toasts.getAttribute('data-edge')).toBe('bottom');
    // Hovered, the toast waits (Radix pauses its timer) while both themes are shot.
    await toasts.locator('li').hover();
    await settle(page);
    await shootBothThemes(page, 'leftovers-toast-clear-of-header-focus');

    // The other phone: signed out to the landing page, the toast there; Tab to the header's language switch.
    await otherPage.waitForURL((url) => url.pathname === '/');
    await toastText(otherPage, 'Your password was changed. Log in with the new one.').waitFor();
    const language = otherPage.getByRole('button', { name: 'Español' });
    await tabStopsTo(otherPage, language, { limit: 20 });
    await expect.poll(() => focusUnderToast(otherPage)).toBe(false);
    expect(await otherPage.getByTestId('toasts').getAttribute('data-edge')).toBe('bottom');
    await otherPage.getByTestId('toasts').locator('li').hover();
    await settle(otherPage);
    await shootBothThemes(otherPage, 'leftovers-toast-clear-of-language-switch');
    await other.close();
    await context.close();
  });
  it('a tap on a blank part of a screen, or on a button that is busy, leaves the page where she scrolled it', async () => {
    const { context, page } = await personOn('/settings', { name: 'Petra', location: 'Eugene, Oregon' });
    const hint = page.getByText("We'll send you a text when you get a match while you're away.");
    await hint.scrollIntoViewIfNeeded();
    // Her last tap was on a control (focus on it), then on text beside it: a tap on nothing focuses the screen's
    // <main> (it takes focus for the skip link), which must not scroll it to its top.
    await page.getByRole('switch', { name: 'SMS Match Notifications' }).click();
    await page.getByLabel('Phone number').waitFor();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(200);
    await hint.click();
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    await settle(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await context.close();
  });
  it('the "Badge earned!" card never covers the control her focus is on: it goes above the tab bar meanwhile', async () => {
    const { context, page } = await person({ name: 'Wren', location: 'Eugene, Oregon' });
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/home');
    expect(await badges.revealed).toBeGreaterThan(0);
    const card = page.getByRole('status', { name: 'New badge' });
    await card.waitFor();
    await atRest(card);
    // By keyboard to a control where the card is (the first under it, in page order): the card moves, not her focus.
    const under = await card.evaluate((shown) => {
      const box = shown.getBoundingClientRect();
      const controls = [...document.querySelectorAll<HTMLElement>('main a[href], main button:not([disabled])')];
      const hidden = controls.find((control) => {
        const at = control.getBoundingClientRect();
        return at.height > 0 && at.top < box.bottom && at.bottom > box.top && !shown.contains(control);
      });
      if (!hidden) return null;
      hidden.setAttribute('data-under-card', '');
      return hidden.textContent;
    });
    expect(under, 'a control under the card').not.toBeNull();
    await page.keyboard.press('Tab');
    await page.locator('[data-under-card]').focus();
    await expect.poll(() => card.getAttribute('data-edge')).toBe('bottom');
    const [focused, shown] = [await page.locator('[data-under-card]').boundingBox(), await card.boundingBox()];
    if (!focused || !shown) throw new Error('not laid out');
    expect(shown.y >= focused.y + focused.height || shown.y + shown.height <= focused.y).toBe(true);
    // Above the tab bar, not over it.
    const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(bar && shown.y + shown.height <= bar.y).toBe(true);
    // Both themes while it shows (its six seconds are enough for two shots, not for axe).
    await atRest(card);
    for (const dark of [false, true]) {
      await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      await screenshot(page, `leftovers-badge-card-clear-of-focus-${dark ? 'dark' : 'light'}`);
    }
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { RegisterBody } from '../src/contract/auth';
import { smsOutbox } from '../src/server/test/tables';
import {
  closeBadgeCard,
  expectAccessible,
  phoneContext,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  watchBadgeCheck,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * What a new member's tryout on a phone found: the celebration over the chat, a double tap liking an
 * unseen card, raw error JSON on screen, a signed-out settings link with no way back, and an SMS number
 * that never showed as confirmed, edits lost to one tap of Back. Each journey lives in its own city, so no deck shows another's people.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });

async function person(overrides: Partial<RegisterBody>) {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  const user = await signUpViaApi(context, overrides);
  const page = await context.newPage();
  return { context, user, page };
}

const topCardName = (page: Page) => page.getByTestId('top-card').locator('h2 span').first().textContent();

const isLikePost = (request: Request) =>
  new URL(request.url()).pathname === '/api/likes' && request.method() === 'POST';

/** A bright portrait, the kind that washed out the card's text in the dark theme. */
async function uploadBrightPhoto(context: BrowserContext, userId: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <rect width="900" height="1200" fill="#bfe9ff"/><circle cx="450" cy="520" r="260" fill="#fff6e0"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const response = await context.request.post(`/api/users/${userId}/photos`, {
    multipart: { photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(response.status()).toBe(201);
}

async function like(from: BrowserContext, targetUserId: string) {
  const answer = await from.request.post('/api/likes', { data: { targetUserId, isLike: true } });
  expect(answer.status()).toBe(201);
}

describe('tryout fixes', () => {
  it('Send a Message closes the celebration: the conversation is on top and usable', async () => {
    const ava = await person({ name: 'Ava', location: 'Boise, Idaho' });
    const bea = await person({ name: 'Bea', location: 'Boise, Idaho' });
    await like(bea.context, ava.user.id);

    await ava.page.goto('/home');
    await expect.poll(() => topCardName(ava.page), { timeout: 15_000 }).toBe('Bea');
    await ava.page.getByRole('button', { name: 'Like', exact: true }).click();
    const celebration = ava.page.getByRole('dialog', { name: "It's a Match!" });
    await celebration.waitFor();
    await celebration.getByRole('link', { name: 'Send a Message' }).click();

    await ava.page.waitForURL(/\/conversation\//);
    await expect.poll(() => celebration.count()).toBe(0);
    const box = ava.page.getByPlaceholder('Type a message…');
    await box.fill('Hi Bea! Oolong or matcha?');
    await ava.page.getByRole('button', { name: 'Send message' }).click();
    await ava.page.getByText('Hi Bea! Oolong or matcha?').waitFor();
    // Nothing brings it back: not the socket's match frame, not a later screen.
    expect(await celebration.count()).toBe(0);
    await shootBothThemes(ava.page, 'tryout-match-to-chat');
    await ava.context.close();
    await bea.context.close();
  });

  it('a double tap on Like likes the card she saw, once', async () => {
    const cara = await person({ name: 'Cara', location: 'Omaha, Nebraska' });
    const first = await person({ name: 'Dina', location: 'Omaha, Nebraska', genderIdentity: 'non-binary' });
    const second = await person({ name: 'Edie', location: 'Omaha, Nebraska' });
    await uploadBrightPhoto(first.context, first.user.id);
    await uploadBrightPhoto(second.context, second.user.id);
    await first.context.close();
    await second.context.close();

    const likes: Request[] = [];
    cara.page.on('request', (request) => {
      if (isLikePost(request)) likes.push(request);
    });
    await cara.page.goto('/home');
    await expect.poll(() => topCardName(cara.page), { timeout: 15_000 }).not.toBeNull();
    const seen = await topCardName(cara.page);
    // The card's text, pronouns and buttons over a bright photo, in both themes (axe checks contrast).
    await cara.page.getByTestId('top-card').getByRole('img').first().waitFor();
    await shootBothThemes(cara.page, 'tryout-discover-card');
    const seenId = seen === 'Dina' ? first.user.id : second.user.id;
    const nextName = seen === 'Dina' ? 'Edie' : 'Dina';

    const answered = cara.page.waitForResponse((response) => isLikePost(response.request()));
    await cara.page.getByRole('button', { name: 'Like', exact: true }).dblclick();
    expect((await answered).status()).toBe(201);
    // The next card is on top once the first has flown away; by then any second request would have gone.
    await expect.poll(() => topCardName(cara.page)).toBe(nextName);
    expect(likes).toHaveLength(1);
    expect(likes[0]!.postDataJSON()).toMatchObject({ targetUserId: seenId, isLike: true });

    // The lock lets go once the first card's exit has finished: the next tap likes the card now on top.
    await settle(cara.page);
    const again = cara.page.waitForResponse((response) => isLikePost(response.request()));
    await cara.page.getByRole('button', { name: 'Like', exact: true }).click();
    expect((await again).status()).toBe(201);
    expect(likes).toHaveLength(2);
    expect(likes[1]!.postDataJSON()).toMatchObject({
      targetUserId: seenId === first.user.id ? second.user.id : first.user.id,
    });
    await cara.context.close();
  });

  it('a tampered unsubscribe link says what went wrong in words, and its settings link goes through login', async () => {
    const fern = await person({ name: 'Fern', location: 'Tulsa, Oklahoma' });
    // Signed out: a fresh context holds no session.
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByText('For queer women and non-binary people').waitFor();
    await shootBothThemes(page, 'tryout-landing');
    await page.goto('/unsubscribe?token=tampered.token.value');
    await page.getByText('Nothing changed').waitFor();
    await page.getByText('This unsubscribe link is not valid. Choose what Steep sends you in Settings.').waitFor();
    expect(await page.locator('body').textContent()).not.toMatch(/\{"|400:/);
    await shootBothThemes(page, 'tryout-unsubscribe-bad');

    await page.getByRole('link', { name: 'Open notification settings' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('returnTo') === '/preferences');
    await page.getByLabel('Username').fill(fern.user.username);
    await page.getByLabel('Password', { exact: true }).fill('Secret_123');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/preferences');
    await expectAccessible(page, '/preferences after login');

    // A returnTo that leaves the site is ignored: she lands on Discover.
    await context.clearCookies();
    await page.goto('/?returnTo=%2F%2Fevil.example%2F');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Username').fill(fern.user.username);
    await page.getByLabel('Password', { exact: true }).fill('Secret_123');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    expect(new URL(page.url()).origin).toBe(env.server.baseUrl);
    await context.close();
    await fern.context.close();
  });

  it('SMS: a bad number is explained beside the field, and a confirmed number shows as confirmed', async () => {
    const gia = await person({ name: 'Gia', location: 'Miami, Florida' });
    await gia.page.goto('/settings');
    await gia.page.getByRole('switch', { name: 'SMS Match Notifications' }).click();
    const phone = gia.page.getByLabel('Phone number');
    await phone.fill('12');
    await gia.page.getByRole('button', { name: 'Save number' }).click();
    const problem = gia.page.locator(`[id="${await phone.getAttribute('id')}-error"]`);
    await problem.waitFor();
    expect(await problem.textContent()).not.toMatch(/\{"|400:|VALIDATION_ERROR/);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await phone.getAttribute('aria-describedby')).toBe(await problem.getAttribute('id'));
    await expect.poll(() => phone.evaluate((input) => input === document.activeElement)).toBe(true);
    await phone.scrollIntoViewIfNeeded();
    await shootBothThemes(gia.page, 'tryout-sms-bad-number', { axeWithin: 'main' });

    await phone.fill('(305) 555-0188');
    await gia.page.getByRole('button', { name: 'Save number' }).click();
    // Nothing is on yet: the toast says a code went out, not that her settings changed.
    await toastText(gia.page, 'Code sent').first().waitFor();
    // Held under the pointer (Radix pauses its timer), so both themes' shots show it.
    await toastText(gia.page, 'Code sent').first().hover();
    await shootBothThemes(gia.page, 'tryout-sms-code-sent', { axeWithin: 'main' });
    expect(await problem.count()).toBe(0);
    const texts = async () =>
      env.server.database.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.userId, gia.user.id))
        .orderBy(desc(smsOutbox.sentAt));
    const codeOf = (body: string | undefined) => /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';
    const first = codeOf((await texts())[0]?.body);
    expect(first).toMatch(/^\d{6}$/);

    // A wrong code is said under the code field, where she types the next one, not in a toast over it.
    const codeField = gia.page.getByLabel(/6-digit code/);
    const confirm = gia.page.getByRole('button', { name: 'Confirm number' });
    const wrong = first === '000000' ? '111111' : '000000';
    for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
      await codeField.fill(wrong);
      await confirm.click();
      await gia.page.getByText(`That code is not right. ${left} left.`).waitFor();
      // Her focus back in the field (Confirm was disabled while it checked), ready for the next code.
      await expect.poll(() => codeField.evaluate((input) => input === document.activeElement)).toBe(true);
    }
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    // The fifth spends it: Confirm stops being offered, and her focus goes to Send a new code.
    await codeField.fill(wrong);
    await confirm.click();
    await gia.page.getByText('Too many wrong codes. Use "Send a new code" to get another.').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    const resend = gia.page.getByRole('button', { name: 'Send a new code' });
    await expect.poll(() => resend.evaluate((button) => button === document.activeElement)).toBe(true);
    await codeField.scrollIntoViewIfNeeded();
    await shootBothThemes(gia.page, 'tryout-sms-code-spent', { axeWithin: 'main' });
    // Pressed from the keyboard: a new code to the same number, the lock lifted.
    await gia.page.keyboard.press('Enter');
    await expect.poll(async () => (await texts()).length).toBe(2);
    expect((await texts())[0]?.toMasked).toBe((await texts())[1]?.toMasked);
    await expect.poll(() => gia.page.getByText('Too many wrong codes').count()).toBe(0);
    // The spent code's digits gone with it, her focus in the field for the new one.
    await expect.poll(() => codeField.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await codeField.inputValue()).toBe('');
    const code = codeOf((await texts())[0]?.body);
    await codeField.fill(code);
    await confirm.click();
    const confirmed = gia.page.getByRole('status').filter({ hasText: 'confirmed: match texts go here' });
    await confirmed.waitFor();
    await toastText(gia.page, 'SMS settings updated').first().waitFor();
    // Her focus on the line saying so, not dropped to the top of the page with the form that went.
    await expect.poll(() => confirmed.evaluate((line) => line === document.activeElement)).toBe(true);
    expect(await confirmed.textContent()).toContain('0188');
    // It stays confirmed after the toast is gone: the section says it, not only a toast.
    await gia.page.reload();
    await confirmed.waitFor();
    await confirmed.scrollIntoViewIfNeeded();
    await shootBothThemes(gia.page, 'tryout-sms-confirmed', { axeWithin: 'main' });
    // Off, then on again: her confirmed number is kept and on at once, with no number to type and no new code.
    const smsSwitch = gia.page.getByRole('switch', { name: 'SMS Match Notifications' });
    await smsSwitch.click();
    await confirmed.waitFor({ state: 'detached' });
    await smsSwitch.click();
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain('0188');
    await toastText(gia.page, 'SMS settings updated').first().waitFor();
    expect(await texts()).toHaveLength(2);
    // Ghost mode without Premium: the locked switch is still visible in the dark.
    await gia.page.locator('#ghost-mode-switch').scrollIntoViewIfNeeded();
    await shootBothThemes(gia.page, 'tryout-ghost-locked', { axeWithin: 'main' });
    await gia.context.close();
  });
  it('edit profile: leaving with unsaved edits asks first; Keep editing stays, Discard leaves, saving asks nothing', async () => {
    const { context, page } = await person({ name: 'Cleo', location: 'Fargo, North Dakota' });
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/profile');
    await closeBadgeCard(page, badges);
    const openEdit = async () => {
      await page.getByRole('link', { name: 'Edit Profile' }).click();
      await page.waitForURL('**/profile/edit');
    };
    await openEdit();
    const form = page.getByRole('form', { name: 'Edit profile' });
    const bio = form.getByLabel('Bio');
    const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
    const words = 'Genmaicha in the morning, long walks by the river after.';

    // Untouched, Back leaves at once; so it does after changes a save would not store (a space after her name,
    // her age typed as "029").
    await page.goBack();
    await page.waitForURL('**/profile');
    await openEdit();
    await form.getByLabel('Name', { exact: true }).fill('Cleo ');
    const age = form.getByLabel('Age', { exact: true });
    await age.fill(`0${await age.inputValue()}`);
    await page.goBack();
    await page.waitForURL('**/profile');
    await openEdit();

    // Edited, Back asks; Keep editing keeps her words and the page; Back asks again (the tryout found Back dead
    // after a first Keep editing), and Discard then leaves.
    await bio.fill(words);
    await page.goBack();
    await ask.waitFor();
    await settle(page);
    await shootBothThemes(page, 'tryout-edit-profile-discard');
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile/edit');
    expect(await bio.inputValue()).toBe(words);
    await page.goBack();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('link', { name: 'Edit Profile' }).waitFor();
    let me = (await (await context.request.get('/api/auth/me')).json()) as { bio: string };
    expect(me.bio).not.toContain('Genmaicha');

    // Cancel asks too; Escape is Keep editing.
    await openEdit();
    await bio.fill(words);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile/edit');

    // A slow save: the form is read-only while it saves, leaving asks nothing, and she is not pulled back after.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/users/*', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.fallback();
    });
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByRole('button', { name: 'Saving…' }).waitFor();
    expect(await bio.isDisabled()).toBe(true);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Chats/ })
      .click();
    await page.waitForURL('**/chats');
    expect(await ask.count()).toBe(0);
    release();
    await toastText(page, 'Profile updated').waitFor();
    expect(new URL(page.url()).pathname).toBe('/chats');
    await page.unroute('**/api/users/*');
    me = (await (await context.request.get('/api/auth/me')).json()) as { bio: string };
    expect(me.bio).toBe(words);

    // Saved, leaving asks nothing.
    await page.goto('/profile/edit');
    await bio.fill(`${words} And oolong.`);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/profile');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    // By keyboard: Add a prompt takes focus to the new prompt's question (not a button under the save bar), and
    // Remove to the Add button, not the top of the page.
    await page.goto('/profile/edit');
    await form.getByRole('button', { name: 'Add a prompt' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('edit-prompt-0');
    await form.getByRole('button', { name: 'Remove prompt 1' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('edit-prompt-add');
    await context.close();
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { FREE_DAILY_LIKES } from '../src/contract/discovery';
import type { SelfUser } from '../src/contract/users';
import {
  expectAccessible,
  phoneContext,
  screenshot,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  matchViaApi,
} from './harness';
import { settle } from './waits';

/* Small things a member found, each as she meets it at 390×844. */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function person(
  overrides: Parameters<typeof signUpViaApi>[1] = {},
): Promise<{ context: BrowserContext; page: Page; user: SelfUser }> {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  contexts.push(context);
  const user = await signUpViaApi(context, overrides);
  const page = await context.newPage();
  return { context, page, user };
}

describe('misleading errors', () => {
  it('a login lockout says too many attempts and how long to wait, not to check her credentials', async () => {
    const { user } = await person({ name: 'Lou' });
    const context = await phoneContext(env.browser, env.server.baseUrl);
    contexts.push(context);
    // Five wrong passwords from this address lock the pair for 15 minutes.
    for (let i = 0; i < 5; i++) {
      const wrong = await context.request.post('/api/auth/login', {
        data: { username: user.username, password: `Wrong_${i}x` },
      });
      expect(wrong.status()).toBe(401);
    }
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('Secret_123');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await toastText(page, 'Too many attempts').waitFor();
    await toastText(page, /^Try again in 15 minutes\.$/).waitFor();
    expect(await page.locator('#login-password-error').count()).toBe(0);
    await screenshot(page, 'found-login-lockout');
    await expectAccessible(page, 'the login lockout toast');
  });

  it('a message to someone who blocked her says the conversation is gone and leaves it, without her presence', async () => {
    const ana = await person({ name: 'Ana' });
    const bea = await person({ name: 'Bea' });
    const matchId = await matchViaApi(ana, bea);
    // Bea is online (her socket is open), so Ana's header says so.
    await bea.page.goto('/chats');
    await bea.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await ana.page.goto(`/conversation/${matchId}`);
    await ana.page.getByText('Online now').waitFor({ timeout: 10_000 });

    const blocked = await bea.context.request.post('/api/blocks', { data: { blockedUserId: ana.user.id } });
    expect(blocked.status()).toBe(201);

    await ana.page.locator('#message-input').fill('Still on for tea?');
    await ana.page.getByRole('button', { name: 'Send message' }).click();
    await toastText(ana.page, 'Conversation no longer available').waitFor();
    await ana.page.waitForURL('**/chats');
    expect(await toastText(ana.page, 'Failed to send message').count()).toBe(0);
    expect(await ana.page.getByRole('button', { name: /Retry/ }).count()).toBe(0);
    expect(await ana.page.getByText('Online now').count()).toBe(0);
    expect(await ana.page.getByRole('link', { name: /Bea/ }).count()).toBe(0);
    await screenshot(ana.page, 'found-blocked-conversation');
    await expectAccessible(ana.page, 'the chat list after a blocked conversation');
  });
});

/** Someone signed up through the API only (no page), to fill a deck. */
async function somebody(overrides: Parameters<typeof signUpViaApi>[1]): Promise<SelfUser> {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  contexts.push(context);
  return signUpViaApi(context, overrides);
}

async function uploadPhoto(context: BrowserContext, userId: string, hue: string): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="${hue}"/><circle cx="300" cy="330" r="120" fill="#fbf6ee"/></svg>`;
  const buffer = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  const response = await context.request.post(`/api/users/${userId}/photos`, {
    multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(response.status()).toBe(201);
}

/** How much room a select leaves for its shown option's text, and how much the text needs. */
function selectTextFit(page: Page, id: string) {
  return page.evaluate((selectId) => {
    const select = document.getElementById(selectId) as HTMLSelectElement;
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex]?.text ?? '';
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, need: Math.ceil(context.measureText(text).width), room };
  }, id);
}

describe('small things', () => {
  it('disables Like at 0 likes left, with the reason on screen and in its description', async () => {
    const here = { location: 'Boise, Idaho' };
    const pia = await person({ name: 'Pia', ...here });
    const others = [];
    for (let i = 0; i <= FREE_DAILY_LIKES; i++) others.push(await somebody({ name: `Other ${i}`, ...here }));
    for (const other of others.slice(0, FREE_DAILY_LIKES)) {
      const liked = await pia.context.request.post('/api/likes', { data: { targetUserId: other.id, isLike: true } });
      expect(liked.status()).toBe(201);
    }
    await pia.page.goto('/home');
    const like = pia.page.getByRole('button', { name: 'Like', exact: true });
    await expect.poll(() => like.isDisabled(), { timeout: 10_000 }).toBe(true);
    const reason = pia.page.getByText('No likes left today.', { exact: false });
    expect(await reason.isVisible()).toBe(true);
    const description = await like.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    expect(description).toMatch(/^No likes left today/);
    // Pass still works.
    expect(await pia.page.getByRole('button', { name: 'Pass', exact: true }).isDisabled()).toBe(false);
    await settle(pia.page);
    await screenshot(pia.page, 'found-like-disabled');
    await expectAccessible(pia.page, 'Discover with no likes left');
  }, 90_000);

  it('keeps Undo when the deck empties, so the last swipe can still be taken back', async () => {
    const here = { location: 'Missoula, Montana' };
    const quinn = await person({ name: 'Quinn', ...here });
    await somebody({ name: 'Rae', ...here });
    expect((await quinn.context.request.post(`/api/grant-test-subscription/${quinn.user.id}`)).status()).toBe(200);
    await quinn.page.goto('/home');
    await quinn.page.getByRole('button', { name: 'Pass', exact: true }).waitFor();
    const passed = quinn.page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/likes'));
    await quinn.page.getByRole('button', { name: 'Pass', exact: true }).click();
    expect((await passed).status()).toBe(201);
    await quinn.page.getByRole('heading', { name: /No (Local|More) Profiles/ }).waitFor();
    const undo = quinn.page.getByRole('button', { name: 'Undo last swipe' });
    await expect.poll(() => undo.isEnabled()).toBe(true);
    await settle(quinn.page);
    await screenshot(quinn.page, 'found-undo-empty-deck');
    await undo.click();
    await quinn.page.getByRole('button', { name: 'Pass', exact: true }).waitFor();
    await quinn.page.getByText(/Showing Rae/).waitFor();
  });

  it('starts the distance slider at 1 mile, as its label says', async () => {
    const { page } = await person({ name: 'Sol', location: 'Tulsa, Oklahoma' });
    await page.goto('/filters');
    const thumb = page.getByRole('slider', { name: 'Maximum distance' });
    await thumb.waitFor();
    expect(await thumb.getAttribute('aria-valuemin')).toBe('1');
    expect(await thumb.getAttribute('aria-valuemax')).toBe('100');
    await thumb.focus();
    await page.keyboard.press('Home');
    expect(await thumb.getAttribute('aria-valuenow')).toBe('1');
    await page.keyboard.press('ArrowRight');
    expect(await thumb.getAttribute('aria-valuenow')).toBe('5');
    await page.keyboard.press('End');
    expect(await thumb.getAttribute('aria-valuenow')).toBe('100');
    await page.keyboard.press('ArrowLeft');
    expect(await thumb.getAttribute('aria-valuenow')).toBe('95');
    await screenshot(page, 'found-distance-slider');
  });

  it('shows the whole state placeholder and keeps every interest chip inside the sign-up card', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    // Get Started opens the Sign up tab.
    await page.getByRole('button', { name: 'Get Started' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.waitFor();

    const placeholder = await selectTextFit(page, 'signup-state');
    expect(placeholder.text).toBe('Choose state');
    expect(placeholder.need).toBeLessThanOrEqual(placeholder.room);
    await page.locator('#signup-state').selectOption('Massachusetts');
    const longState = await selectTextFit(page, 'signup-state');
    expect(longState.need).toBeLessThanOrEqual(longState.room);

    const card = await form.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { left: box.left, right: box.right };
    });
    const chips = await form.getByRole('toolbar', { name: 'Fitness & Health' }).getByRole('button').all();
    expect(chips.length).toBeGreaterThan(0);
    for (const chip of chips) {
      const box = (await chip.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(card.left);
      expect(box.x + box.width).toBeLessThanOrEqual(card.right);
    }
    await form.getByRole('button', { name: /^Show all \d+ Fitness & Health interests$/ }).click();
    // The button goes as it opens the category: her focus lands on the first chip it revealed, not on the page.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Swimming');
    for (const chip of await form.getByRole('toolbar', { name: 'Fitness & Health' }).getByRole('button').all()) {
      const box = (await chip.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(card.right);
    }
    await form.getByRole('toolbar', { name: 'Fitness & Health' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'found-signup-interests');
    await page.locator('#signup-state').scrollIntoViewIfNeeded();
    await screenshot(page, 'found-signup-state');
    await expectAccessible(page, 'the sign-up form');
  });

  it('gives the photo edit buttons 44 px tap targets', async () => {
    const { context, page, user } = await person({ name: 'Tam', location: 'Tulsa, Oklahoma' });
    await uploadPhoto(context, user.id, '#a8427a');
    await uploadPhoto(context, user.id, '#cfe3a8');
    await page.goto('/profile/edit');
    const photos = page.getByRole('list', { name: 'Your photos' });
    await photos.getByRole('img', { name: 'Photo 2' }).waitFor();
    for (const name of ['Delete photo 1', 'Move photo 1 later', 'Delete photo 2', 'Move photo 2 earlier']) {
      const box = (await photos.getByRole('button', { name }).boundingBox())!;
      expect(box.width, name).toBeGreaterThanOrEqual(44);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
    await photos.scrollIntoViewIfNeeded();
    await screenshot(page, 'found-photo-buttons');
  });

  it('passes axe (the list rule included) on a conversation with messages', async () => {
    const uma = await person({ name: 'Uma', location: 'Tulsa, Oklahoma' });
    const vic = await person({ name: 'Vic', location: 'Tulsa, Oklahoma' });
    const matchId = await matchViaApi(uma, vic);
    for (const content of ['Hi Uma!', 'Tea this weekend?']) {
      const sent = await vic.context.request.post('/api/messages', {
        data: { matchId, content, messageType: 'text' },
      });
      expect(sent.status()).toBe(201);
    }
    await uma.page.goto(`/conversation/${matchId}`);
    await uma.page.getByText('Tea this weekend?').waitFor();
    await screenshot(uma.page, 'found-conversation-axe');
    await expectAccessible(uma.page, 'the conversation screen');
  });
});

import { afterAll, beforeAll, describe, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MEMBER_SCREENS } from './every-screen';
import { expectAccessible, phoneContext, saveTheme, screenshot, signUpViaApi, useServerAndBrowser } from './harness';

/*
 * Axe on every screen, in the light and the dark theme, with no serious or critical
 * violation (colour contrast included). The demo account on a small demo community fills the screens
 * with real content (matches, likes, a boost tile, badges); the demo moderator opens the console.
 */

const env = useServerAndBrowser({}, { demoUsers: 40, timeoutMs: 180_000 });
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function signIn(username: string, password: string, theme: 'light' | 'dark') {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  contexts.push(context);
  const response = await context.request.post('/api/auth/login', { data: { username, password } });
  if (response.status() !== 200) throw new Error(`login failed ${response.status()}: ${await response.text()}`);
  const user = (await response.json()) as { id: string };
  await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
  await saveTheme(context, user.id, theme);
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { context, page, user };
}

/** The screen has drawn its content: no request in flight, its heading (or main landmark) shown. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('h1, [role="heading"][aria-level="1"]').first().waitFor({ state: 'attached', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

async function check(page: Page, name: string, theme: string) {
  await settle(page);
  await screenshot(page, `axe-${name}-${theme}`, { fullPage: true });
  await expectAccessible(page, `${name} (${theme})`);
}

describe.each(['light', 'dark'] as const)('axe on every screen, %s theme', (theme) => {
  let member: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    member = await signIn('demo', 'Demo_1234', theme);
  }, 60_000);

  it.each(MEMBER_SCREENS)('%s (%s)', async (name, path) => {
    await member.page.goto(path);
    await check(member.page, name, theme);
  });

  it('a conversation', async () => {
    const { context, page } = member;
    const friend = await phoneContext(env.browser, env.server.baseUrl);
    contexts.push(friend);
    const other = await signUpViaApi(friend, {
      name: theme === 'light' ? 'Robin' : 'Sky',
      location: 'Portland, Oregon',
    });
    const me = member.user;
    await context.request.post('/api/likes', { data: { targetUserId: other.id, isLike: true } });
    const second = await friend.request.post('/api/likes', { data: { targetUserId: me.id, isLike: true } });
    const matchId = ((await second.json()) as { match: { id: string } }).match.id;
    await friend.request.post('/api/messages', { data: { matchId, content: 'Hi Jordan!', messageType: 'text' } });
    await page.goto(`/conversation/${matchId}`);
    await page.getByText('Hi Jordan!').waitFor({ timeout: 15_000 });
    await check(page, 'conversation', theme);
  });

  it('the visitor screens: landing, forgot and reset password', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    contexts.push(context);
    await context.addInitScript((value) => window.localStorage.setItem('steep-theme', value), theme);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const [name, path] of [
      ['landing', '/'],
      ['forgot-password', '/forgot-password'],
      ['reset-password', '/reset-password?token=not-a-real-token'],
    ] as const) {
      await page.goto(path);
      await check(page, name, theme);
    }
  });

  it('the moderation console and its verification queue', async () => {
    const moderator = await signIn('moderator', 'Moderate_1234', theme);
    for (const [name, path] of [
      ['moderation', '/moderation'],
      ['moderation-verification', '/moderation/verification'],
    ] as const) {
      await moderator.page.goto(path);
      await check(moderator.page, name, theme);
    }
  });
});

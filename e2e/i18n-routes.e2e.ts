import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { phoneContext, screenshot, signUpViaApi, useServerAndBrowser } from './harness';
import { MEMBER_SCREENS } from './every-screen';
import { ENGLISH_ONLY, englishStrings, person, saveLanguage } from './spanish';

/*
 * Every route in Spanish: the demo member (a full profile, matches, likes, Tea, meetups, badges) and the
 * demo moderator, both with Spanish saved, open every screen of the route table; none shows a text node, accessible
 * name, placeholder, title or alt that is an English catalogue message, and the page title is not one either.
 */
const env = useServerAndBrowser({}, { demoUsers: 40, timeoutMs: 180_000 });
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function signIn(username: string, password: string) {
  const context = await phoneContext(env.browser, env.server.baseUrl, { locale: 'es-ES' });
  contexts.push(context);
  const response = await context.request.post('/api/auth/login', { data: { username, password } });
  if (response.status() !== 200) throw new Error(`login failed ${response.status()}: ${await response.text()}`);
  const user = (await response.json()) as Parameters<typeof saveLanguage>[1];
  await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
  await saveLanguage(context, user, 'es', 'light');
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return { context, page, user };
}

/** The screen has drawn its content: no request in flight, its heading shown, and nothing still arriving. */
async function drawn(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('h1, [role="heading"][aria-level="1"]').first().waitFor({ state: 'attached', timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

/** What a screen shows in English: catalogue messages on screen, an English title, a `<html lang>` other than es. */
async function englishOn(page: Page, name: string): Promise<string[]> {
  await drawn(page);
  await screenshot(page, `i18n-route-${name}`, { fullPage: true });
  const found = await englishStrings(page.locator('body'));
  const title = await page.title();
  if (ENGLISH_ONLY.has(title.replace(/ · Steep$/, ''))) found.push(`title: ${title}`);
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (lang !== 'es') found.push(`<html lang="${lang}">`);
  return found;
}

/** Opens each route and lists, per screen, what it shows in English: every screen is reported, not just the first. */
async function expectSpanish(page: Page, routes: ReadonlyArray<readonly [string, string]>) {
  const english: Record<string, string[]> = {};
  for (const [name, path] of routes) {
    await page.goto(path);
    const found = await englishOn(page, name);
    if (found.length) english[name] = found;
  }
  expect(english).toEqual({});
}

describe('every route in Spanish', () => {
  it('the member screens', async () => {
    const { page } = await signIn('demo', 'Demo_1234');
    await expectSpanish(page, MEMBER_SCREENS);
  });

  it('a conversation', async () => {
    const { context, page, user } = await signIn('demo', 'Demo_1234');
    const friend = await phoneContext(env.browser, env.server.baseUrl);
    contexts.push(friend);
    const other = await signUpViaApi(friend, { name: 'Robin', location: 'Portland, Oregon' });
    await context.request.post('/api/likes', { data: { targetUserId: other.id, isLike: true } });
    const second = await friend.request.post('/api/likes', { data: { targetUserId: user.id, isLike: true } });
    const matchId = ((await second.json()) as { match: { id: string } }).match.id;
    await friend.request.post('/api/messages', { data: { matchId, content: 'Hi Jordan!', messageType: 'text' } });
    await page.goto(`/conversation/${matchId}`);
    await page.getByText('Hi Jordan!').waitFor({ timeout: 15_000 });
    expect(await englishOn(page, 'conversation')).toEqual([]);
  });

  it('the moderation console and its verification queue', async () => {
    const { page } = await signIn('moderator', 'Moderate_1234');
    await expectSpanish(page, [
      ['moderation', '/moderation'],
      ['moderation-verification', '/moderation/verification'],
    ]);
  });

  it('the visitor screens', async () => {
    const { context, page } = await person(env.browser, env.server.baseUrl, 'es');
    contexts.push(context);
    await expectSpanish(page, [
      ['landing', '/'],
      ['forgot-password', '/forgot-password'],
      ['reset-password', '/reset-password?token=not-a-real-token'],
      ['unsubscribe', '/unsubscribe'],
      ['shared-date-broken', '/date/not-a-real-token'],
      ['visitor-not-found', '/no-such-screen'],
    ]);
  });
});

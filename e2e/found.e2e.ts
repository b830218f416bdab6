import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SelfUser } from '../src/contract/users';
import {
  expectAccessible,
  launchBrowser,
  phoneContext,
  screenshot,
  signUpViaApi,
  startServer,
  toastText,
  type TestServer,
} from './harness';

/* Issue 10's 'Found' items, each as a member meets it at 390×844. */

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
});

async function person(
  overrides: Parameters<typeof signUpViaApi>[1] = {},
): Promise<{ context: BrowserContext; page: Page; user: SelfUser }> {
  const context = await phoneContext(browser, server.baseUrl);
  contexts.push(context);
  const user = await signUpViaApi(context, overrides);
  const page = await context.newPage();
  return { context, page, user };
}

async function match(
  a: { context: BrowserContext; user: SelfUser },
  b: { context: BrowserContext; user: SelfUser },
): Promise<string> {
  const first = await a.context.request.post('/api/likes', { data: { targetUserId: b.user.id, isLike: true } });
  expect(first.status()).toBe(201);
  const second = await b.context.request.post('/api/likes', { data: { targetUserId: a.user.id, isLike: true } });
  expect(second.status()).toBe(201);
  return ((await second.json()) as { match: { id: string } }).match.id;
}

describe('misleading errors', () => {
  it('a login lockout says too many attempts and how long to wait, not to check her credentials', async () => {
    const { user } = await person({ name: 'Lou' });
    const context = await phoneContext(browser, server.baseUrl);
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
    expect(await toastText(page, 'Please check your credentials').count()).toBe(0);
    await screenshot(page, 'found-login-lockout');
    await expectAccessible(page, 'the login lockout toast');
  });

  it('a message to someone who blocked her says the conversation is gone and leaves it, without her presence', async () => {
    const ana = await person({ name: 'Ana' });
    const bea = await person({ name: 'Bea' });
    const matchId = await match(ana, bea);
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

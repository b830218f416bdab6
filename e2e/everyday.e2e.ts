import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { SelfUser } from '../src/contract/users';
import { phoneContext, screenshot, signUpViaApi, useServerAndBrowser } from './harness';
import { settle, watchRealtime } from './waits';

const env = useServerAndBrowser({}, { timeoutMs: 60_000 });

async function phone(name: string): Promise<{ context: BrowserContext; page: Page; user: SelfUser }> {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  const user = await signUpViaApi(context, { name, location: 'Portland, Oregon' });
  const page = await context.newPage();
  return { context, page, user };
}

const like = (context: BrowserContext, target: SelfUser) =>
  context.request.post('/api/likes', { data: { targetUserId: target.id, isLike: true } });

describe('everyday awareness and account basics', () => {
  it('celebrates a match on both phones, then shows a message banner and the Chats badge on Discover, then deletes an account from Settings', async () => {
    const ana = await phone('Ana');
    const bea = await phone('Bea');
    const anaLive = watchRealtime(ana.page);
    const beaLive = watchRealtime(bea.page);
    await ana.page.goto('/home');
    await bea.page.goto('/chats');
    await ana.page.getByRole('navigation', { name: 'Main' }).waitFor();
    await bea.page.getByRole('navigation', { name: 'Main' }).waitFor();
    // Both sockets are live before the like lands, so both phones hear of the match.
    await anaLive.connected();
    await beaLive.connected();

    // Ana's chat list, which names whoever writes, is still on its way with the new match when Bea's first message
    // comes (as on a slow network or a busy server: CI once missed the banner naming Bea). It is held until the
    // message is in.
    let releaseList!: () => void;
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    await ana.page.route('**/api/matches', async (route) => {
      await listHeld;
      await route.continue();
    });

    expect((await like(ana.context, bea.user)).status()).toBe(201);
    const second = await like(bea.context, ana.user);
    expect(second.status()).toBe(201);
    const matchId = ((await second.json()) as { match: { id: string } }).match.id;

    await ana.page.getByText("It's a Match!").waitFor({ timeout: 10_000 });
    await bea.page.getByText("It's a Match!").waitFor({ timeout: 10_000 });
    await screenshot(ana.page, 'everyday-match-ana');
    await screenshot(bea.page, 'everyday-match-bea');
    await ana.page.keyboard.press('Escape');

    const messagesBefore = anaLive.received('message');
    const sent = await bea.context.request.post('/api/messages', {
      data: { matchId, content: 'Tea on Saturday?', messageType: 'text' },
    });
    expect(sent.status()).toBe(201);
    await expect.poll(() => anaLive.received('message'), { timeout: 10_000 }).toBe(messagesBefore + 1);
    await settle(ana.page);
    expect(await ana.page.getByText(/^New message from/).count()).toBe(0);
    releaseList();
    await ana.page.getByText('New message from Bea').waitFor({ timeout: 10_000 });
    await ana.page.unroute('**/api/matches');
    await ana.page.getByTestId('chats-badge').getByText('1').waitFor({ timeout: 10_000 });
    expect(await ana.page.title()).toMatch(/^\(1\) /);
    await screenshot(ana.page, 'everyday-message-banner');

    await ana.page.goto('/settings');
    await ana.page.getByRole('button', { name: 'Delete my account' }).click();
    await ana.page.getByLabel('Your password').fill('Secret_123');
    await screenshot(ana.page, 'everyday-delete-confirm');
    await ana.page.getByRole('button', { name: 'Delete forever' }).click();
    await ana.page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    const login = await ana.context.request.post('/api/auth/login', {
      data: { username: ana.user.username, password: 'Secret_123' },
    });
    expect(login.status()).toBe(401);
    await Promise.all([ana.context.close(), bea.context.close()]);
  }, 120_000);
});

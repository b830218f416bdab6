import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { expectAccessible, phoneContext, saveTheme, screenshot, signUpViaApi, useServerAndBrowser } from './harness';
import { settle } from './waits';

/*
 * The demo account's checklist tells the truth, a boost is confirmed first and reads 30 minutes, Premium is not
 * offered to Premium members, Tea's stats are asked only when they can be answered, and a member gets the
 * 404 page at every moderation address.
 */

const env = useServerAndBrowser({}, { demoUsers: 20, timeoutMs: 180_000 });
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function member(name: string, options: { premium?: boolean; theme?: 'light' | 'dark' } = {}) {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  contexts.push(context);
  const user = await signUpViaApi(context, { name, location: 'Portland, Oregon' });
  if (options.premium) {
    const granted = await context.request.post(`/api/grant-test-subscription/${user.id}`);
    expect(granted.status()).toBe(200);
  }
  await saveTheme(context, user.id, options.theme ?? 'light');
  return { context, user, page: await context.newPage() };
}

describe('lived in: the smaller things', () => {
  it("the demo account's verification checklist matches her data: 3+ photos done, and she has 3", async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    contexts.push(context);
    const login = await context.request.post('/api/auth/login', { data: { username: 'demo', password: 'Demo_1234' } });
    expect(login.status()).toBe(200);
    await context.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const page = await context.newPage();
    await page.goto('/verification');
    const rule = page.getByRole('listitem').filter({ hasText: /^At least 3 photos/ });
    await expect.poll(() => rule.textContent(), { timeout: 15_000 }).toMatch(/you have (\d+)/);
    const have = Number(/you have (\d+)/.exec((await rule.textContent())!)![1]);
    const step = page.getByRole('listitem').filter({ hasText: '3+ photos on your profile' });
    const done = ((await step.textContent()) ?? '').includes('(done)');
    // Whatever the checklist ticks, the count beside the rule agrees with it.
    expect(done).toBe(true);
    expect(have).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'lived-in-demo-verification-checklist', { fullPage: true });
  });

  it.each(['light', 'dark'] as const)(
    'a Premium member boosts for "30 min left" and is not offered Upgrade on /preference-visualization (%s)',
    async (theme) => {
      const { page } = await member(theme === 'light' ? 'Paz' : 'Pip', { premium: true, theme });
      await page.goto('/home');
      const boost = page.getByRole('button', { name: /Profile Boost/ });
      await expect.poll(() => boost.getAttribute('aria-disabled'), { timeout: 15_000 }).toBe('false');
      // A stray tap spends nothing: she is asked first, and "Not now" leaves the boost for later.
      await boost.click();
      const confirm = page.getByRole('alertdialog', { name: 'Boost your profile now?' });
      await expect.poll(() => confirm.isVisible(), { timeout: 10_000 }).toBe(true);
      await settle(page);
      await screenshot(page, `lived-in-boost-confirm-${theme}`);
      await expectAccessible(page, `boost confirmation (${theme})`);
      await confirm.getByRole('button', { name: 'Not now' }).click();
      await expect.poll(() => confirm.count(), { timeout: 10_000 }).toBe(0);
      expect(await boost.textContent()).not.toContain('Boosted');
      // Focus goes back to the tile, not to the top of the page.
      await expect.poll(() => boost.evaluate((el) => el === document.activeElement)).toBe(true);
      await boost.click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Boost now' }).click();
      await expect.poll(() => boost.textContent(), { timeout: 10_000 }).toContain('Boosted · 30 min left');
      // Spent, yet still in the Tab order, so a screen reader hears how long is left; Enter on it opens nothing.
      expect(await boost.getAttribute('aria-disabled')).toBe('true');
      await expect.poll(() => boost.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await boost.scrollIntoViewIfNeeded();
      await screenshot(page, `lived-in-boost-30-min-${theme}`);

      await page.goto('/preference-visualization');
      const yours = page.getByRole('link', { name: 'Your Premium' });
      await expect.poll(() => yours.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await yours.getAttribute('href')).toBe('/subscription');
      expect(await page.getByRole('link', { name: 'Upgrade Premium' }).count()).toBe(0);
      await yours.scrollIntoViewIfNeeded();
      await screenshot(page, `lived-in-preference-visualization-premium-${theme}`);
    },
    60_000,
  );

  it('a free member: Upgrade on /preference-visualization, and a Tea visit that never asks for the Premium stats', async () => {
    const { page } = await member('Fen');
    await page.goto('/preference-visualization');
    await expect
      .poll(() => page.getByRole('link', { name: 'Upgrade Premium' }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    const statsAsked: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/tea/stats') statsAsked.push(response.status());
    });
    await page.goto('/tea');
    await expect
      .poll(() => page.getByRole('button', { name: 'Test Access' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(statsAsked).toEqual([]);

    // Once she has Premium, the stats are asked for and answered.
    await page.getByRole('button', { name: 'Test Access' }).click();
    await expect.poll(() => statsAsked, { timeout: 15_000 }).toContain(200);
    expect(statsAsked).not.toContain(403);
  });

  it('a member gets the 404 page at /moderation and at /moderation/verification alike', async () => {
    const { page } = await member('Mo');
    for (const address of ['/moderation', '/moderation/verification']) {
      await page.goto(address);
      await expect
        .poll(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(new URL(page.url()).pathname).toBe(address);
    }
    await screenshot(page, 'lived-in-member-moderation-verification-404');
  });
});

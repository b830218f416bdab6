import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { matchViaApi, phoneContext, shareDatePlanViaApi, signUpViaApi, useServerAndBrowser } from './harness';
import { settle } from './waits';

/*
 * Tryout follow-up at 390×844: with a date plan running, Discover's Like stays above the tab bar; offline, a toast
 * starts below the offline strip; a block from a Discover card by keyboard leaves focus on a button; closing a toast
 * with Escape after F8 gives focus back to where it was. Shots for a look go to /tmp/shots-45.
 */
const env = useServerAndBrowser({}, { timeoutMs: 120_000 });
const SHOTS = '/tmp/shots-45';

async function shoot(page: Page, name: string): Promise<void> {
  for (const dark of [false, true]) {
    await page.evaluate((on) => {
      document.documentElement.classList.toggle('dark', on);
      document.documentElement.style.colorScheme = on ? 'dark' : 'light';
    }, dark);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${dark ? 'dark' : 'light'}.png` });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.style.colorScheme = 'light';
  });
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

const activeTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '');

describe('layout and focus after the tryout', () => {
  it('keeps Like above the tab bar, toasts below the offline strip, and focus on buttons', async () => {
    const here = { location: 'Salem, Oregon' };
    const jordanContext = await phoneContext(env.browser, env.server.baseUrl);
    const alexContext = await phoneContext(env.browser, env.server.baseUrl);
    const jordan = await signUpViaApi(jordanContext, { ...here, name: 'Jordan' });
    const alex = await signUpViaApi(alexContext, { ...here, name: 'Alex' });
    const others = [];
    for (const name of ['Rae', 'Sol', 'Tam']) {
      const context = await phoneContext(env.browser, env.server.baseUrl);
      await signUpViaApi(context, { ...here, name });
      others.push(context);
    }
    const matchId = await matchViaApi({ context: jordanContext, user: jordan }, { context: alexContext, user: alex });
    await shareDatePlanViaApi(jordanContext, matchId, { name: 'Kim', address: `kim-${jordan.username}@example.com` });

    const page = await jordanContext.newPage();
    const banner = page.getByRole('region', { name: 'Date plan shared' });
    const nav = page.getByRole('navigation', { name: 'Main' });

    // Discover with the banner: Like ends above the tab bar.
    await page.goto('/home');
    await banner.waitFor();
    const topCard = page.getByTestId('top-card');
    await topCard.waitFor();
    const like = page.getByRole('button', { name: 'Like', exact: true });
    await like.waitFor();
    await expect
      .poll(async () => {
        const [l, n] = [await box(like), await box(nav)];
        return l.y + l.height <= n.y;
      })
      .toBe(true);
    await shoot(page, 'discover-banner');

    // Block from the card's ⋯ menu by keyboard: focus lands on a button, not the body.
    const first = (await topCard.locator('h2 span').first().textContent()) ?? '';
    await topCard.getByRole('button', { name: `More options for ${first}` }).focus();
    await page.keyboard.press('Enter');
    const blockItem = page.getByRole('menuitem', { name: `Block ${first}` });
    await blockItem.waitFor();
    await blockItem.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `Block ${first}?` });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Block', exact: true }).focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => activeTag(page), { timeout: 10_000 }).toBe('BUTTON');

    // The chat with the plan's strip, and the share sheet.
    await page.goto(`/conversation/${matchId}`);
    await banner.waitFor();
    await shoot(page, 'chat-banner');
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('menuitem', { name: 'Share my date' }).click();
    const sheet = page.getByRole('dialog', { name: 'Share my date' });
    await sheet.waitFor();
    await shoot(page, 'share-sheet');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // Preferences' tabs; then offline, a toast starts at or below the offline strip.
    await page.goto('/preferences?tab=notifications');
    const events = page.getByRole('switch', { name: 'Events' });
    await events.waitFor();
    await shoot(page, 'preferences-tabs');
    await jordanContext.setOffline(true);
    const strip = page.getByText("You're offline. Check your connection.");
    await strip.waitFor();
    await events.focus();
    await page.keyboard.press('Space');
    const toast = page.getByTestId('toasts').locator('li').first();
    await toast.waitFor();
    await expect
      .poll(async () => {
        const [t, s] = [await box(toast), await box(strip)];
        return t.y >= s.y + s.height - 0.5;
      })
      .toBe(true);
    await shoot(page, 'toast-offline');

    // F8 takes focus to the toasts; Escape closes the toast and focus goes back to the switch.
    await page.keyboard.press('F8');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('[data-testid="toasts"], ol, [role="region"]') !== null),
      )
      .toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => events.evaluate((el) => el === document.activeElement)).toBe(true);
    await jordanContext.setOffline(false);

    await Promise.all([jordanContext.close(), alexContext.close(), ...others.map((c) => c.close())]);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  closeBadgeCard,
  matchViaApi,
  phoneContext,
  signUpViaApi,
  useServerAndBrowser,
  watchBadgeCheck,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * Found by a member trying the app: with a date plan running, its banner sits at the top of her screens, and the
 * toasts and the badge card showed over it. They show below it now, on whatever screen she has moved to.
 */
const env = useServerAndBrowser();

const toastOf = (page: Page, title: string) => page.getByTestId('toasts').locator('li').filter({ hasText: title });

/** How far `notice` starts below the banner's bottom (negative: it covers the banner). */
async function gapBelow(banner: Locator, notice: Locator): Promise<number> {
  const [b, n] = await Promise.all([banner.boundingBox(), notice.boundingBox()]);
  if (!b || !n) return Number.NaN;
  return n.y - (b.y + b.height);
}

describe('notices and the date-plan banner', () => {
  it('a toast and the badge card show below the banner, and a toast follows her to the next screen', async () => {
    const jordanContext = await phoneContext(env.browser, env.server.baseUrl);
    const alexContext = await phoneContext(env.browser, env.server.baseUrl);
    const beaContext = await phoneContext(env.browser, env.server.baseUrl);
    const jordan = await signUpViaApi(jordanContext, { name: 'Jordan', location: 'Salem, Oregon' });
    const alex = await signUpViaApi(alexContext, { name: 'Alex', location: 'Salem, Oregon' });
    const bea = await signUpViaApi(beaContext, { name: 'Bea', location: 'Salem, Oregon' });
    const withAlex = await matchViaApi({ context: jordanContext, user: jordan }, { context: alexContext, user: alex });
    const withBea = await matchViaApi({ context: jordanContext, user: jordan }, { context: beaContext, user: bea });
    const plan = await jordanContext.request.post('/api/date-plans', {
      data: {
        matchId: withAlex,
        place: 'Blue Bottle',
        startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        timeZone: 'America/Los_Angeles',
        contacts: [{ name: 'Kim', channel: 'email', address: `kim-${jordan.username}@example.com` }],
      },
    });
    expect(plan.status()).toBe(201);

    // Her first badge's card opens on her first screen: below the banner, not over it.
    const page = await jordanContext.newPage();
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/preferences?tab=notifications');
    const banner = page.getByRole('region', { name: 'Date plan shared' });
    await banner.waitFor();
    await closeBadgeCard(page, badges, async (card) => {
      await expect.poll(() => gapBelow(banner, card)).toBeGreaterThanOrEqual(0);
    });

    // A toast at the top starts below the banner; the banner's buttons stay hers to press.
    await jordanContext.setOffline(true);
    await page.getByRole('switch', { name: 'Events' }).click();
    const notSaved = toastOf(page, 'Preferences not saved');
    await notSaved.waitFor();
    await jordanContext.setOffline(false);
    await notSaved.hover();
    await expect.poll(() => gapBelow(banner, notSaved)).toBeGreaterThanOrEqual(0);
    await settle(page);
    await shootBothThemes(page, 'toast-below-date-plan-banner', { fullPage: false });
    await notSaved.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await notSaved.waitFor({ state: 'detached' });

    // Unmatch in a conversation (the banner is a strip under its header) then Chats: the toast is placed for Chats.
    await page.goto(`/conversation/${withBea}`);
    await banner.waitFor();
    await page.getByRole('button', { name: 'Conversation options' }).click();
    await page.getByRole('menuitem', { name: 'Unmatch' }).click();
    await page.getByRole('alertdialog', { name: 'Unmatch Bea?' }).getByRole('button', { name: 'Unmatch' }).click();
    const unmatched = toastOf(page, 'Unmatched');
    await unmatched.waitFor();
    await page.waitForURL('**/chats');
    await unmatched.hover();
    await banner.getByRole('button', { name: 'Cancel plan' }).waitFor();
    await expect.poll(() => gapBelow(banner, unmatched)).toBeGreaterThanOrEqual(0);
    // Not left far down the screen either: where Chats' banner ends.
    expect(await gapBelow(banner, unmatched)).toBeLessThanOrEqual(32);
    await settle(page);
    await shootBothThemes(page, 'toast-below-date-plan-banner-after-unmatch', { fullPage: false });

    await Promise.all([jordanContext.close(), alexContext.close(), beaContext.close()]);
  }, 120_000);
});

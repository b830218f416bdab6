import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  closeBadgeCard,
  matchViaApi,
  phoneContext,
  shareDatePlanViaApi,
  signUpViaApi,
  useServerAndBrowser,
  watchBadgeCheck,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { saveLanguage } from './spanish';
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
    await shareDatePlanViaApi(jordanContext, withAlex, { name: 'Kim', address: `kim-${jordan.username}@example.com` });

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

/*
 * Found by a member with a phone and a tablet: a save on one undid the other's, the other kept showing her old
 * language, and leaving Filters dropped her edits without a word.
 */
describe('her preferences on two devices', () => {
  it('both saves stay, the other device follows her language (also after being offline), and Filters asks before discarding', async () => {
    const aContext = await phoneContext(env.browser, env.server.baseUrl);
    const ines = await signUpViaApi(aContext, { name: 'Ines', location: 'Salem, Oregon' });
    const bContext = await phoneContext(env.browser, env.server.baseUrl);
    await bContext.addCookies(await aContext.cookies());
    await bContext.addInitScript(() => window.localStorage.setItem('onboardingCompleted', 'true'));
    const [a, b] = [await aContext.newPage(), await bContext.newPage()];
    for (const page of [a, b]) {
      const badges = await watchBadgeCheck(page, env.server);
      await page.goto('/preference-visualization');
      await closeBadgeCard(page, badges);
    }
    const minAge = (page: Page) => page.getByRole('slider', { name: 'Minimum age' }).getAttribute('aria-valuenow');
    const distance = (page: Page) =>
      page.getByRole('slider', { name: 'Maximum distance' }).getAttribute('aria-valuetext');

    // B starts an edit; A saves a new minimum age; B, not reloaded, saves her distance over A's save.
    await b.getByRole('slider', { name: 'Maximum distance' }).focus();
    await b.keyboard.press('End');
    await a.getByRole('slider', { name: 'Minimum age' }).focus();
    await a.keyboard.press('ArrowRight');
    await a.keyboard.press('ArrowRight');
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await a.getByText('Preferences saved').first().waitFor();
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    await b.getByText('Preferences saved').first().waitFor();
    for (const page of [a, b]) {
      await page.reload();
      await expect.poll(() => minAge(page)).toBe('20');
      expect(await distance(page)).toBe('100 miles');
    }

    // A changes her language: B follows without a reload, and back.
    await saveLanguage(aContext, ines, 'es', 'light');
    await b.getByRole('heading', { level: 1, name: 'Tu panel de preferencias' }).waitFor();
    await saveLanguage(aContext, ines, 'en', 'light');
    await b.getByRole('heading', { level: 1, name: 'Your preference dashboard' }).waitFor();
    // A save while B's socket is away (asleep, offline) never reaches it as a frame: B follows once it is back.
    await bContext.setOffline(true);
    await saveLanguage(aContext, ines, 'es', 'light');
    await bContext.setOffline(false);
    await b.getByRole('heading', { level: 1, name: 'Tu panel de preferencias' }).waitFor();
    await saveLanguage(aContext, ines, 'en', 'light');
    await b.getByRole('heading', { level: 1, name: 'Your preference dashboard' }).waitFor();

    // Filters with an unsaved change: Back asks first; Keep editing keeps it, Discard leaves.
    await a.goto('/filters');
    await expect.poll(() => minAge(a)).toBe('20');
    await a.getByRole('slider', { name: 'Minimum age' }).focus();
    await a.keyboard.press('ArrowRight');
    const back = a.getByRole('link', { name: 'Back to Discover' });
    const confirm = a.getByRole('alertdialog', { name: 'Discard changes?' });
    await back.click();
    await confirm.waitFor();
    await settle(a);
    await shootBothThemes(a, 'filters-discard-changes', { fullPage: false });
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(a.url()).pathname).toBe('/filters');
    expect(await minAge(a)).toBe('21');
    await back.click();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await a.waitForURL('**/home');

    await Promise.all([aContext.close(), bContext.close()]);
  }, 120_000);
});

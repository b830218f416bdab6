import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RegisterBody } from '../src/contract/auth';
import {
  closeBadgeCard,
  expectAccessible,
  phoneContext,
  screenshot,
  signUpViaApi,
  useServerAndBrowser,
  watchBadgeCheck,
} from './harness';
import { settle } from './waits';
import { shootBothThemes } from './flows-themes';

const env = useServerAndBrowser();

/* Everyone here lives in Eugene, far from the other journeys' cities. */
const CITY = 'Eugene, Oregon';

async function person(overrides: Partial<RegisterBody>) {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  const user = await signUpViaApi(context, { location: CITY, ...overrides });
  const page = await context.newPage();
  return { context, user, page };
}

const topCard = (page: Page) => page.getByTestId('top-card');

describe('preferences', () => {
  it('hiding her age takes it off the card the other member sees', async () => {
    const maya = await person({ name: 'Maya', age: 31 });
    const iris = await person({ name: 'Iris', age: 29 });

    await iris.page.goto('/home');
    await expect.poll(() => topCard(iris.page).locator('h2').textContent()).toContain('Maya');
    await expect.poll(() => topCard(iris.page).locator('h2').textContent()).toContain('31');

    await maya.page.goto('/preferences');
    await maya.page.getByRole('tab', { name: 'Privacy' }).click();
    await maya.page.getByRole('switch', { name: 'Show age' }).click();
    await screenshot(maya.page, 'preferences-privacy-light');
    await expectAccessible(maya.page);
    await maya.page.getByRole('button', { name: 'Save Preferences' }).click();
    await maya.page.getByText('Preferences saved').first().waitFor();

    await iris.page.reload();
    await expect.poll(() => topCard(iris.page).locator('h2').textContent()).toContain('Maya');
    expect(await topCard(iris.page).locator('h2').textContent()).not.toContain('31');
    await screenshot(iris.page, 'preferences-card-without-age');
    await Promise.all([maya.context.close(), iris.context.close()]);
  });

  it('dark theme applies app-wide and survives a reload without a light flash', async () => {
    const noor = await person({ name: 'Noor' });
    const badges = await watchBadgeCheck(noor.page, env.server);
    await noor.page.goto('/preferences');
    // Her first badge's card, closed: the shots are of the settings.
    await closeBadgeCard(noor.page, badges);
    const appTab = noor.page.getByRole('tab', { name: 'App Settings' });
    await appTab.click();
    // The tab strip scrolls sideways at 390 px: the chosen tab is brought whole into it, not left cut at its edge.
    const inStrip = () =>
      appTab.evaluate((tab) => {
        const box = tab.getBoundingClientRect();
        const strip = (tab.parentElement as HTMLElement).getBoundingClientRect();
        return box.left >= strip.left && box.right <= strip.right;
      });
    await expect.poll(inStrip).toBe(true);
    await screenshot(noor.page, 'preferences-app-light');
    await noor.page.getByLabel('Theme').selectOption('dark');
    // Applied and saved as she chooses it, like her language: no Save to forget, nothing lost by leaving.
    await expect.poll(() => noor.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const savedTheme = async () => {
      const response = await noor.context.request.get(`/api/users/${noor.user.id}/preferences`);
      return ((await response.json()) as { app: { theme: string } }).app.theme;
    };
    await expect.poll(savedTheme).toBe('dark');
    // The colours' transitions over, so the shot is of the dark theme, not a blend.
    await settle(noor.page);
    await screenshot(noor.page, 'preferences-app-dark');
    await expectAccessible(noor.page, 'preferences app settings (dark)');

    // Record the html class at the first moment scripts can see the document: theme.js runs before the body.
    await noor.page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { darkAtLoad: boolean }).darkAtLoad = document.documentElement.classList.contains('dark');
      });
    });
    await noor.page.reload();
    expect(await noor.page.evaluate(() => (window as unknown as { darkAtLoad: boolean }).darkAtLoad)).toBe(true);
    const background = await noor.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(23, 17, 26)');
    await noor.page.goto('/settings');
    await noor.page.getByRole('heading', { name: 'Settings' }).waitFor();
    await screenshot(noor.page, 'settings-dark');
    await noor.page.goto('/preference-visualization');
    await noor.page.getByRole('meter', { name: 'Match score' }).waitFor();
    await screenshot(noor.page, 'preference-visualization-dark');
    await expectAccessible(noor.page);
    await noor.context.close();
  });

  it('her theme and then her language, chosen before the first is saved, are both kept (a slow network)', async () => {
    const lena = await person({ name: 'Lena' });
    const badges = await watchBadgeCheck(lena.page, env.server);
    await lena.page.goto('/preferences?tab=app');
    await closeBadgeCard(lena.page, badges);
    // The theme's save is held on its way, as on a slow connection, until she has picked her language too.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let saves = 0;
    await lena.page.route(`**/api/users/${lena.user.id}/preferences`, async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      saves += 1;
      if (saves === 1) await held;
      return route.continue();
    });
    let answered = 0;
    lena.page.on('response', (response) => {
      if (response.request().method() === 'PUT' && response.url().endsWith('/preferences')) answered += 1;
    });
    const isDark = () => lena.page.evaluate(() => document.documentElement.classList.contains('dark'));
    await lena.page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => saves).toBe(1);
    await lena.page.getByLabel('Language').selectOption('es');
    await lena.page.getByRole('tab', { name: 'Ajustes de la app' }).waitFor();
    release();
    // Both answers back: still dark and Spanish, on screen and on her account.
    const saved = async () => {
      const response = await lena.context.request.get(`/api/users/${lena.user.id}/preferences`);
      const { app } = (await response.json()) as { app: { theme: string; language: string } };
      return `${app.theme} ${app.language}`;
    };
    await expect.poll(() => answered).toBe(2);
    await settle(lena.page);
    expect(await saved()).toBe('dark es');
    expect(await isDark()).toBe(true);
    expect(await lena.page.getByLabel('Tema').inputValue()).toBe('dark');
    await lena.page.reload();
    await expect.poll(isDark).toBe(true);
    await lena.page.getByRole('tab', { name: 'Ajustes de la app' }).waitFor();
    await lena.context.close();
  });

  it('the editor: Undo changes returns to her saved values, the defaults are a separate choice she saves', async () => {
    const rosa = await person({ name: 'Rosa' });
    const badges = await watchBadgeCheck(rosa.page, env.server);
    await rosa.page.goto('/preference-visualization');
    await closeBadgeCard(rosa.page, badges);
    const savedInterests = async () => {
      const response = await rosa.context.request.get(`/api/users/${rosa.user.id}/preferences`);
      return ((await response.json()) as { interests: string[] }).interests;
    };
    const undo = rosa.page.getByRole('button', { name: 'Undo changes' });
    const save = rosa.page.getByRole('button', { name: 'Save', exact: true });
    const yoga = rosa.page.getByRole('button', { name: 'Yoga', exact: true });
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    await rosa.page.getByRole('tab', { name: 'Interests' }).click();
    await yoga.click();
    await rosa.page.getByText('Unsaved changes').waitFor();
    expect(await undo.getAttribute('aria-disabled')).toBe('false');
    // From the keyboard: her edit goes, and her focus stays on Undo, now greyed.
    await undo.focus();
    await rosa.page.keyboard.press('Enter');
    await rosa.page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    expect(await yoga.getAttribute('aria-pressed')).toBe('false');
    expect(await undo.getAttribute('aria-disabled')).toBe('true');
    expect(await undo.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await save.isDisabled()).toBe(true);

    await yoga.click();
    await save.click();
    await rosa.page.getByText('Preferences saved').first().waitFor();
    expect(await savedInterests()).toEqual(['Yoga']);
    // The defaults fill the form and wait for Save; Undo brings back what she saved, not the defaults.
    await rosa.page.getByRole('button', { name: 'Use the default filters' }).click();
    await rosa.page.getByText('Unsaved changes').waitFor();
    expect(await yoga.getAttribute('aria-pressed')).toBe('false');
    expect(await savedInterests()).toEqual(['Yoga']);
    await undo.scrollIntoViewIfNeeded();
    await settle(rosa.page);
    await shootBothThemes(rosa.page, 'preference-editor-defaults-unsaved', { fullPage: false });
    await undo.click();
    await rosa.page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    expect(await yoga.getAttribute('aria-pressed')).toBe('true');
    await settle(rosa.page);
    await shootBothThemes(rosa.page, 'preference-editor-nothing-to-undo', { fullPage: false });
    await rosa.page.getByRole('button', { name: 'Use the default filters' }).click();
    await save.click();
    await expect.poll(savedInterests).toEqual([]);
    await rosa.context.close();
  });

  it('offline, a save fails at once: "Preferences not saved" with why, and a switch turns back', async () => {
    const vera = await person({ name: 'Vera' });
    const badges = await watchBadgeCheck(vera.page, env.server);
    await vera.page.goto('/preferences?tab=notifications');
    await closeBadgeCard(vera.page, badges);
    const events = vera.page.getByRole('switch', { name: 'Events' });
    const before = await events.getAttribute('aria-checked');
    await vera.context.setOffline(true);
    await events.click();
    const toast = vera.page.getByTestId('toasts').locator('li').filter({ hasText: 'Preferences not saved' });
    await toast
      .getByText('Events is back as it was. Could not reach Steep. Check your connection and try again.')
      .waitFor();
    await expect.poll(() => events.getAttribute('aria-checked')).toBe(before);
    await toast.hover();
    await settle(vera.page);
    await shootBothThemes(vera.page, 'preferences-switch-offline', { fullPage: false });
    await toast.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'detached' });

    // The theme turns back too, and Save says so instead of waiting for the network, unseen.
    await vera.page.getByRole('tab', { name: 'App Settings' }).click();
    const theme = vera.page.getByLabel('Theme');
    const themeBefore = await theme.inputValue();
    await theme.selectOption('dark');
    await toast.getByText(/^Your theme is back as it was\. Could not reach Steep/).waitFor();
    await expect.poll(() => theme.inputValue()).toBe(themeBefore);
    await vera.page.getByRole('button', { name: 'Save Preferences' }).click();
    await toast.getByText('Could not reach Steep. Check your connection and try again.').waitFor();
    expect(await vera.page.getByRole('button', { name: 'Save Preferences' }).isEnabled()).toBe(true);
    await vera.context.setOffline(false);
    await vera.page.getByRole('button', { name: 'Save Preferences' }).click();
    await vera.page.getByText('Preferences saved').first().waitFor();
    await vera.context.close();
  });

  it('saving the editor changes the match-score ring', async () => {
    const lena = await person({ name: 'Lena' });
    await lena.page.goto('/preference-visualization');
    const ring = lena.page.getByRole('meter', { name: 'Match score' });
    await ring.waitFor();
    const before = Number(await ring.getAttribute('aria-valuenow'));
    await screenshot(lena.page, 'preference-visualization-light');
    await expectAccessible(lena.page);
    const save = lena.page.getByRole('button', { name: 'Save', exact: true });
    expect(await save.isDisabled()).toBe(true);

    await lena.page.getByRole('tab', { name: 'Interests' }).click();
    for (const interest of ['Yoga', 'Hiking', 'Reading', 'Baking']) {
      await lena.page.getByRole('button', { name: interest, exact: true }).click();
    }
    await lena.page.getByText('Unsaved changes').waitFor();
    await lena.page.getByRole('tab', { name: 'Deal Breakers' }).click();
    await lena.page.getByRole('button', { name: 'Smoking', exact: true }).click();
    await screenshot(lena.page, 'preference-editor-deal-breakers');
    await save.click();
    await lena.page.getByText('Preferences saved').first().waitFor();
    await expect.poll(async () => Number(await ring.getAttribute('aria-valuenow'))).toBe(before + 25 + 20);
    await lena.page.goto('/settings');
    await lena.page.getByRole('switch', { name: 'SMS Match Notifications' }).click();
    await lena.page.getByLabel('Phone number').fill('(541) 555-0134');
    await lena.page.getByRole('button', { name: 'Save number' }).click();
    await lena.page.getByText('Code sent').first().waitFor();
    await lena.page.getByLabel(/6-digit code/).waitFor();
    // The number waits for its code on the server: after a reload the code box is still there.
    await lena.page.reload();
    await lena.page.getByLabel(/6-digit code/).waitFor({ timeout: 10_000 });
    expect(await lena.page.getByRole('switch', { name: 'SMS Match Notifications' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await screenshot(lena.page, 'settings-sms-light', { fullPage: true });
    await lena.context.close();
  });
});

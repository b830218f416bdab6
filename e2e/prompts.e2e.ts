import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeBadgeCard, phoneContext, signUpViaApi, toastText, useServerAndBrowser, watchBadgeCheck } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * Profile prompts (product §2 "Profile"): Rosa answers two prompts on Edit Profile (an empty answer first,
 * which the server refuses beside its field), sees them on her profile, and Vi meets them on Rosa's card
 * and profile sheet in Discover.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });

/** An answer a phone cannot break at a space: it must wrap inside its box, not widen the page. */
const UNBROKEN = `Rosa${'A'.repeat(90)}`;

/** True when `selector` (default: the page) is no wider than its box and ends inside the screen. */
const fitsWidth = (page: Page, selector?: string) =>
  page.evaluate((sel) => {
    const box = sel ? document.querySelector(sel) : document.documentElement;
    return box !== null && box.scrollWidth <= box.clientWidth && box.getBoundingClientRect().right <= innerWidth;
  }, selector);

describe('profile prompts', () => {
  it('she answers prompts on Edit Profile; another member sees them on her card and her profile', async () => {
    const rosaContext = await phoneContext(env.browser, env.server.baseUrl);
    const viContext = await phoneContext(env.browser, env.server.baseUrl);
    await signUpViaApi(rosaContext, { name: 'Rosa', location: 'Eugene, Oregon' });
    await signUpViaApi(viContext, { name: 'Vi', location: 'Eugene, Oregon' });

    const page = await rosaContext.newPage();
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/profile/edit');
    await closeBadgeCard(page, badges);
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByRole('button', { name: 'Add a prompt' }).click();
    await form.getByLabel('Question').selectOption({ label: 'My ideal tea date…' });

    // Off the script: saved with no answer, refused beside the field.
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Write an answer, or remove the prompt').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/edit');
    // Said beside the field only (no toast repeats it), and focus is on that field.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await toastText(page, 'Failed to update profile').count()).toBe(0);

    await form.getByLabel('Your answer').fill('A slow oolong flight, then a walk by the river.');
    expect(await form.getByText('Write an answer, or remove the prompt').count()).toBe(0);
    await form.getByRole('button', { name: 'Add another prompt' }).click();
    const second = form.getByRole('group', { name: 'Prompt 2' });
    await second.getByLabel('Question').selectOption({ label: 'Green flags I look for…' });
    await second.getByLabel('Your answer').fill('Curiosity, kindness to waiters, good playlists.');
    // A prompt already answered is not offered twice.
    expect(await second.getByLabel('Question').locator('option', { hasText: 'My ideal tea date…' }).count()).toBe(0);
    await form.getByRole('heading', { name: 'Prompts' }).scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'prompts-editor');

    // Off the script: one long word, which must wrap inside its box everywhere it shows.
    await form.getByRole('button', { name: 'Add another prompt' }).click();
    const third = form.getByRole('group', { name: 'Prompt 3' });
    await third.getByLabel('Question').selectOption({ label: 'A boundary I keep…' });
    await third.getByLabel('Your answer').fill(UNBROKEN);

    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(page, 'Profile updated').waitFor();
    await page.waitForURL('**/profile');
    const prompts = page.getByRole('list', { name: 'Prompts' });
    await prompts.getByText('A slow oolong flight, then a walk by the river.').waitFor();
    await prompts.getByText('Green flags I look for…').waitFor();
    await prompts.getByText(UNBROKEN).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    // The header's preview of her card (on Discover) shows her first prompt, as her card does.
    await page.goto('/home');
    await page.getByRole('banner').getByRole('button', { name: 'Your profile' }).click();
    const preview = page.getByRole('dialog', { name: 'Your profile' });
    await preview.getByText('A slow oolong flight, then a walk by the river.').waitFor();
    await settle(page);
    await shootBothThemes(page, 'prompts-own-preview');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // Vi meets Rosa in Discover: the first prompt on the card, both in her profile sheet.
    const viPage = await viContext.newPage();
    const viBadges = await watchBadgeCheck(viPage, env.server);
    await viPage.goto('/home');
    await viPage.getByRole('heading', { name: /Rosa/ }).waitFor();
    await closeBadgeCard(viPage, viBadges);
    await viPage.getByText('A slow oolong flight, then a walk by the river.').waitFor();
    await settle(viPage);
    await shootBothThemes(viPage, 'prompts-card');
    await viPage.getByRole('button', { name: "View Rosa's full profile" }).click();
    const sheet = viPage.getByTestId('profile-detail');
    await sheet.getByText('Curiosity, kindness to waiters, good playlists.').waitFor();
    await sheet.getByText(UNBROKEN).waitFor();
    expect(await fitsWidth(viPage)).toBe(true);
    expect(await fitsWidth(viPage, '[data-testid="profile-detail"] [aria-label="Prompts"]')).toBe(true);
    await sheet.getByRole('heading', { name: 'Prompts' }).scrollIntoViewIfNeeded();
    await settle(viPage);
    await shootBothThemes(viPage, 'prompts-profile-sheet');

    await Promise.all([rosaContext.close(), viContext.close()]);
  }, 120_000);
});

import { describe, expect, it } from 'vitest';
import { closeBadgeCard, phoneContext, signUpViaApi, toastText, useServerAndBrowser } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';

/*
 * Profile prompts (product §2 "Profile"): Rosa answers two prompts on Edit Profile (an empty answer first,
 * which the server refuses beside its field), sees them on her profile, and Vi meets them on Rosa's card
 * and profile sheet in Discover.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });

describe('profile prompts', () => {
  it('she answers prompts on Edit Profile; another member sees them on her card and her profile', async () => {
    const rosaContext = await phoneContext(env.browser, env.server.baseUrl);
    const viContext = await phoneContext(env.browser, env.server.baseUrl);
    await signUpViaApi(rosaContext, { name: 'Rosa', location: 'Eugene, Oregon' });
    await signUpViaApi(viContext, { name: 'Vi', location: 'Eugene, Oregon' });

    const page = await rosaContext.newPage();
    await page.goto('/profile/edit');
    await closeBadgeCard(page);
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByRole('button', { name: 'Add a prompt' }).click();
    await form.getByLabel('Question').selectOption({ label: 'My ideal tea date…' });

    // Off the script: saved with no answer, refused beside the field.
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Write an answer, or remove the prompt').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/edit');

    await form.getByLabel('Your answer').fill('A slow oolong flight, then a walk by the river.');
    expect(await form.getByText('Write an answer, or remove the prompt').count()).toBe(0);
    await form.getByRole('button', { name: 'Add another prompt' }).click();
    const second = form.getByRole('group', { name: 'Prompt 2' });
    await second.getByLabel('Question').selectOption({ label: 'Green flags I look for…' });
    await second.getByLabel('Your answer').fill('Curiosity, kindness to waiters, good playlists.');
    // A prompt already answered is not offered twice.
    expect(await second.getByLabel('Question').locator('option', { hasText: 'My ideal tea date…' }).count()).toBe(0);
    await page.getByTestId('toasts').getByRole('button', { name: 'Close' }).click();
    await toastText(page, 'Failed to update profile').waitFor({ state: 'detached' });
    await form.getByRole('heading', { name: 'Prompts' }).scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'prompts-editor');

    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toastText(page, 'Profile updated').waitFor();
    await page.waitForURL('**/profile');
    const prompts = page.getByRole('list', { name: 'Prompts' });
    await prompts.getByText('A slow oolong flight, then a walk by the river.').waitFor();
    await prompts.getByText('Green flags I look for…').waitFor();

    // Vi meets Rosa in Discover: the first prompt on the card, both in her profile sheet.
    const viPage = await viContext.newPage();
    await viPage.goto('/home');
    await viPage.getByRole('heading', { name: /Rosa/ }).waitFor();
    await closeBadgeCard(viPage);
    await viPage.getByText('A slow oolong flight, then a walk by the river.').waitFor();
    await settle(viPage);
    await shootBothThemes(viPage, 'prompts-card');
    await viPage.getByRole('button', { name: "View Rosa's full profile" }).click();
    const sheet = viPage.getByTestId('profile-detail');
    await sheet.getByText('Curiosity, kindness to waiters, good playlists.').waitFor();
    await sheet.getByRole('heading', { name: 'Prompts' }).scrollIntoViewIfNeeded();
    await settle(viPage);
    await shootBothThemes(viPage, 'prompts-profile-sheet');

    await Promise.all([rosaContext.close(), viContext.close()]);
  }, 120_000);
});

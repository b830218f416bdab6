import { describe, expect, it } from 'vitest';
import { closeBadgeCard, phoneContext, signUpViaApi, toastText, useServerAndBrowser, watchBadgeCheck } from './harness';
import { shootBothThemes } from './flows-themes';
import { settle } from './waits';
import { expectSwipeButtonsClear } from './swipe-layout';

/*
 * Travel mode (product §2 "Discover"): Tess, a Premium member in Fargo, plans a trip to Santa Fe from
 * Discovery Filters; Lena, who lives in Santa Fe, sees her card as visiting; Tess ends the trip early
 * and Fargo is hers again. A free member finds the upgrade link instead of the form.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000 });

describe('travel mode', () => {
  it('plans a trip, shows her as visiting to members there, and ends it', async () => {
    const tessContext = await phoneContext(env.browser, env.server.baseUrl);
    const lenaContext = await phoneContext(env.browser, env.server.baseUrl);
    const tess = await signUpViaApi(tessContext, { name: 'Tess', location: 'Fargo, North Dakota' });
    await signUpViaApi(lenaContext, { name: 'Lena', location: 'Santa Fe, New Mexico' });
    expect((await tessContext.request.post(`/api/grant-test-subscription/${tess.id}`)).status()).toBe(200);

    const page = await tessContext.newPage();
    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/filters');
    const card = page.getByRole('region', { name: 'Travel mode' });
    await card.getByRole('button', { name: 'Start trip' }).waitFor();
    await closeBadgeCard(page, badges);

    // Off the script first: nothing chosen (said under State, the first thing to choose), her home city
    // (not offered), no city, then a day past the 14 days the trip may last.
    await card.getByRole('button', { name: 'Start trip' }).click();
    const stateSelect = card.getByLabel('State');
    await card.getByText('Choose the state you are visiting').waitFor();
    expect(await stateSelect.getAttribute('aria-invalid')).toBe('true');
    await stateSelect.selectOption('North Dakota');
    expect(
      await card
        .getByLabel('City')
        .locator('option', { hasText: /^Fargo$/ })
        .count(),
    ).toBe(0);
    await card.getByRole('button', { name: 'Start trip' }).click();
    await card.getByText('Choose the city you are visiting').waitFor();
    await card.getByLabel('State').selectOption('New Mexico');
    await card.getByLabel('City').selectOption('Santa Fe');
    const tooFar = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await card.getByLabel('Trip ends').fill(tooFar);
    await card.getByRole('button', { name: 'Start trip' }).click();
    await card.getByText('Choose a day within the next 14 days').waitFor();
    const inFive = new Date(Date.now() + 5 * 86_400_000);
    const day = `${inFive.getFullYear()}-${String(inFive.getMonth() + 1).padStart(2, '0')}-${String(inFive.getDate()).padStart(2, '0')}`;
    await card.getByLabel('Trip ends').fill(day);
    // The answer about the wrong day went with the edit.
    expect(await card.getByText('Choose a day within the next 14 days').count()).toBe(0);
    await card.scrollIntoViewIfNeeded();
    await settle(page);
    await shootBothThemes(page, 'travel-plan-form');

    await card.getByRole('button', { name: 'Start trip' }).click();
    await toastText(page, "You're visiting Santa Fe").waitFor();
    await card.getByTestId('travel-plan').waitFor();
    expect(await card.getByTestId('travel-plan').innerText()).toMatch(
      /visiting Santa Fe until .+ Then Fargo comes back/,
    );
    await page.getByTestId('toasts').getByRole('button', { name: 'Close' }).click();
    await settle(page);
    await shootBothThemes(page, 'travel-plan-running');

    // Her Discover says where she is and until when, with the way back to the card.
    await page.goto('/home');
    const banner = page.getByRole('region', { name: 'Travel mode' });
    await banner.getByText('Visiting Santa Fe').waitFor();
    expect(await banner.innerText()).toMatch(/then Fargo again/);
    await settle(page);
    await shootBothThemes(page, 'travel-discover-banner');
    // With Ghost Mode on too, both banners are over the deck: on a short phone the card gives up height (its face
    // keeps her name) and the swipe buttons stay above the tab bar.
    const setGhostMode = async (ghostMode: boolean) => {
      const saved = await tessContext.request.post(`/api/users/${tess.id}/ghost-mode`, { data: { ghostMode } });
      expect(saved.ok(), await saved.text()).toBe(true);
    };
    await setGhostMode(true);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.reload();
    await page.getByRole('region', { name: 'Ghost mode' }).waitFor();
    await banner.getByText('Visiting Santa Fe').waitFor();
    await page.getByTestId('top-card').getByRole('heading', { name: /Lena/ }).waitFor();
    await settle(page);
    await expectSwipeButtonsClear(page);
    await shootBothThemes(page, 'travel-ghost-discover-375');
    await setGhostMode(false);
    await page.setViewportSize({ width: 390, height: 844 });
    await banner.getByRole('link', { name: 'Manage' }).click();
    await page.waitForURL('**/filters');

    // Lena, who lives there, sees Tess in Discover as visiting her city.
    const lenaPage = await lenaContext.newPage();
    const lenaBadges = await watchBadgeCheck(lenaPage, env.server);
    await lenaPage.goto('/home');
    await lenaPage.getByRole('heading', { name: /Tess/ }).waitFor();
    await closeBadgeCard(lenaPage, lenaBadges);
    await lenaPage.getByText('Visiting Santa Fe · In your city').waitFor();
    await settle(lenaPage);
    await shootBothThemes(lenaPage, 'travel-visiting-card');
    // Her full profile says so too.
    await lenaPage.getByRole('button', { name: "View Tess's full profile" }).click();
    const sheet = lenaPage.getByTestId('profile-detail');
    await sheet.getByText('Visiting Santa Fe · In your city').waitFor();
    await lenaPage.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // Tess ends it from the keyboard: Fargo again, and the form is back.
    const end = card.getByRole('button', { name: 'End trip now' });
    await end.focus();
    await page.keyboard.press('Enter');
    await toastText(page, 'Welcome home').waitFor();
    await card.getByRole('button', { name: 'Start trip' }).waitFor();
    const me = (await (await tessContext.request.get('/api/auth/me')).json()) as { location: string };
    expect(me.location).toBe('Fargo, North Dakota');
    await lenaPage.reload();
    await lenaPage.getByText('No Local Profiles').waitFor();

    await Promise.all([tessContext.close(), lenaContext.close()]);
  }, 120_000);

  it('offers a free member Premium instead of the form', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    await signUpViaApi(context, { name: 'Fern', location: 'Fargo, North Dakota' });
    const page = await context.newPage();
    await page.goto('/filters');
    const card = page.getByRole('region', { name: 'Travel mode' });
    await card.getByRole('link', { name: 'Upgrade to Premium to use Travel mode' }).waitFor();
    expect(await card.getByRole('button', { name: 'Start trip' }).count()).toBe(0);
    await context.close();
  });
});

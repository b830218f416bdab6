import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  closeBadgeCard,
  phoneContext,
  screenshot,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  watchBadgeCheck,
} from './harness';
import { addTwoPhotos } from './profile-photos';
import { shootBothThemes } from './flows-themes';
import { grainyPhoto, slowUploads } from './slow-upload';

const env = useServerAndBrowser();

const completeness = (page: Page) =>
  page.getByRole('progressbar', { name: 'Profile completeness' }).first().getAttribute('aria-valuenow');

/** Lets CSS transitions (tab colours, the completeness bar) finish before a screenshot. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** Closes the toast (not the "New badge" card, which may be showing at the same time). */
async function dismissToast(page: Page) {
  const close = page.getByTestId('toasts').getByRole('button', { name: 'Close' });
  if (await close.isVisible()) await close.click();
  await expect.poll(() => close.isVisible()).toBe(false);
}

describe('profiles journey', () => {
  it('a photo on a slow network can be cancelled by keyboard: nothing is added, and her focus is back on Add photo', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const user = await signUpViaApi(context, { name: 'Wren' });
    const page = await context.newPage();
    await page.goto('/profile/edit');
    const form = page.getByRole('form', { name: 'Edit profile' });
    const input = form.getByLabel('Add photo');
    await input.waitFor({ state: 'attached' });
    const network = await slowUploads(page);

    await input.focus();
    const grainy = await grainyPhoto(900, 1200);
    await input.setInputFiles({ name: 'slow.jpg', mimeType: 'image/jpeg', buffer: grainy });
    const progress = form.getByRole('progressbar', { name: 'Uploading photo' });
    await progress.waitFor();
    const cancel = form.getByRole('button', { name: 'Cancel upload' });
    // The file input is off while it uploads: her focus is on Cancel, not dropped to the top of the page.
    await expect.poll(() => cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    await progress.scrollIntoViewIfNeeded();
    await shootBothThemes(page, 'profile-photo-uploading');

    await page.keyboard.press('Enter');
    await progress.waitFor({ state: 'detached' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await toastText(page, 'Photo not added').count()).toBe(0);
    await network.restore();
    const { photos } = (await (await context.request.get(`/api/users/${user.id}/photos`)).json()) as {
      photos: unknown[];
    };
    expect(photos).toEqual([]);
    await context.close();
  });

  it('edits the profile, uploads two photos, and sees them and the completeness change on /profile', async () => {
    const context = await phoneContext(env.browser, env.server.baseUrl);
    const user = await signUpViaApi(context, { name: 'Juniper', interests: [], bio: 'Short bio' });
    const page = await context.newPage();

    const badges = await watchBadgeCheck(page, env.server);
    await page.goto('/profile');
    await expect.poll(() => page.getByRole('heading', { name: /Juniper/ }).isVisible()).toBe(true);
    // Only the location counts so far: 15 of 100 points.
    await expect.poll(() => completeness(page)).toBe('15');
    const counters = page.getByRole('region', { name: 'Profile numbers' });
    await expect.poll(() => counters.getByText('Views').isVisible()).toBe(true);
    // Not verified yet: her profile leads there, not only Settings (tryout).
    await closeBadgeCard(page, badges);
    await shootBothThemes(page, 'profile-get-verified', { fullPage: false });
    await page.getByRole('link', { name: 'Get verified' }).click();
    await page.getByRole('heading', { name: 'Profile Verification', level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Edit Profile' }).waitFor();

    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL('**/profile/edit');
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Name', { exact: true }).fill('Juniper Q.');
    await form
      .getByLabel('Bio')
      .fill('Oolong devotee, bouldering on weekends, looking for someone to share a pot with.');
    await form.getByLabel('Pronouns').fill('she/they');
    await form.getByLabel('State').selectOption('Washington');
    await form.getByLabel('City').selectOption('Seattle');
    await form.getByLabel('Job').fill('Ceramicist');
    await form.getByLabel('Education').fill('Cornish College of the Arts');
    await form.getByLabel('Height (cm)').fill('170');
    await form.getByLabel('Relationship goals').selectOption('Long-term partner');
    await form.getByLabel('Love language').selectOption('Quality time');
    await form.getByLabel('Fitness', { exact: true }).selectOption('high');
    // She has none yet: the catalogue is one button away (her chosen ones alone are shown until she opens it).
    await form.getByText('You have not chosen any yet.').waitFor();
    await form.getByRole('button', { name: /^Show all \d+ interests$/ }).click();
    for (const interest of ['Rock Climbing', 'Pottery', 'Tea Tasting', 'Board Games', 'Hiking']) {
      await form.getByRole('button', { name: interest, exact: true }).click();
    }
    await form.getByRole('button', { name: 'Oolong', exact: true }).click();
    await form.getByRole('button', { name: 'Add a prompt' }).click();
    await form.getByLabel('Your answer').fill('Bouldering, then a gongfu session to recover.');

    const photos = form.getByRole('list', { name: 'Your photos' });
    await addTwoPhotos(form.getByLabel('Add photo'), photos);
    // Every photo is served as a re-encoded WebP under a random name.
    const sources = await photos
      .getByRole('img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    for (const src of sources) expect(new URL(src).pathname).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);

    // Reorder: the second photo becomes the main one.
    await form.getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect
      .poll(() => photos.getByRole('img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src)))
      .toEqual([sources[1], sources[0]]);

    // The meter previews the form: 2 photos, a long bio, a location, 5 interests and a prompt.
    await expect.poll(() => completeness(page)).toBe('100');
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await screenshot(page, 'profiles-edit');
    await screenshot(page, 'profiles-edit-full', { fullPage: true });

    // A failed save keeps the form and says so (product §8).
    await page.route('**/api/users/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }),
          })
        : route.fallback(),
    );
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => toastText(page, 'Failed to update profile').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/profile/edit');
    await page.unroute('**/api/users/*');
    await dismissToast(page);

    await form.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/profile');
    await expect.poll(() => page.getByRole('heading', { name: /Juniper Q\./ }).isVisible()).toBe(true);
    await expect.poll(() => completeness(page)).toBe('100');
    await expect.poll(() => page.getByText('Seattle, Washington').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Ceramicist').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('1-day streak').isVisible()).toBe(true);

    // The saved profile is on the env.server, not only in the page.
    const me = await (await context.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({
      name: 'Juniper Q.',
      location: 'Seattle, Washington',
      pronouns: 'she/they',
      height: 170,
      lifestyle: { fitness: 'high' },
      teaInterests: expect.arrayContaining(['Oolong']),
    });
    expect(me.photos).toHaveLength(2);
    expect(me.interests).toHaveLength(5);

    await page.getByRole('tab', { name: 'Media' }).click();
    const gallery = page.getByRole('list', { name: 'Your photos' });
    await expect.poll(() => gallery.getByRole('img').count()).toBe(2);
    await expect
      .poll(() =>
        gallery.getByRole('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    // The header avatar shows the main photo.
    expect(await page.locator('header img').first().getAttribute('src')).toBe(me.photos[0]);

    await page.getByRole('tab', { name: 'Details' }).click();
    await expect.poll(() => page.getByText('5′7″ (170 cm)').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Quality time').isVisible()).toBe(true);
    // In metric her height is centimetres alone (the preference is per member, read from the server).
    const preferences = (await (await context.request.get(`/api/users/${user.id}/preferences`)).json()) as {
      app: Record<string, unknown>;
    };
    const metric = await context.request.put(`/api/users/${user.id}/preferences`, {
      data: { ...preferences, app: { ...preferences.app, units: 'metric' } },
    });
    expect(metric.status()).toBe(200);
    await page.reload();
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect.poll(() => page.getByText('170 cm', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('5′7″').count()).toBe(0);

    // A 24-hour status.
    await page.getByRole('button', { name: 'Add 24h Status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 24h Status' });
    await dialog.getByLabel("What's brewing?").fill('Brewing a big pot of Da Hong Pao, come over');
    await expect.poll(() => dialog.getByText('43/150').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Share Status' }).click();
    await expect.poll(() => page.getByText('24h left').isVisible()).toBe(true);
    await dismissToast(page);

    await page.getByRole('tab', { name: 'Overview' }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await screenshot(page, 'profiles-profile');
    await screenshot(page, 'profiles-profile-full', { fullPage: true });

    // Settings: the profile card and the cards for later features.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await expect.poll(() => page.getByText(`@${user.username}`).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Free Account').isVisible()).toBe(true);
    // The verification and SMS cards lead to the real features.
    expect(await page.getByRole('link', { name: 'Get Verified' }).getAttribute('href')).toBe('/verification');
    expect(await page.getByRole('switch', { name: 'SMS Match Notifications' }).isDisabled()).toBe(false);
    expect(await page.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/profile/edit');
    await settle(page);
    await screenshot(page, 'profiles-settings');
    await screenshot(page, 'profiles-settings-full', { fullPage: true });

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

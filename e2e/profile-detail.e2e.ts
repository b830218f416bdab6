import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { RegisterBody } from '../src/contract/auth';
import type { Match } from '../src/contract/matches';
import { expectAccessible, phoneContext, screenshot, signUpViaApi, useServerAndBrowser } from './harness';
import { atRest, settle } from './waits';
import { shootBothThemes } from './flows-themes';

const env = useServerAndBrowser();

/* Each journey lives in its own city, far from the others', so nobody shows up in another journey's deck. */

async function person(overrides: Partial<RegisterBody>) {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  const user = await signUpViaApi(context, overrides);
  const page = await context.newPage();
  return { context, user, page };
}
type Person = Awaited<ReturnType<typeof person>>;

/** A portrait JPEG: a soft gradient with a sun, a different one for each photo. */
function photo(from: string, to: string, sun: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="900" height="1200" fill="url(#g)"/><circle cx="450" cy="480" r="200" fill="${sun}"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function uploadPhotos(who: Person, count: number) {
  const palettes: Array<[string, string, string]> = [
    ['#f5c6a5', '#a8427a', '#fff3c4'],
    ['#bfe3c0', '#3f7a4a', '#fdf6d8'],
    ['#c9d7f5', '#4a4f9c', '#ffe2ef'],
  ];
  for (const [from, to, sun] of palettes.slice(0, count)) {
    const response = await who.context.request.post(`/api/users/${who.user.id}/photos`, {
      multipart: { photo: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo(from, to, sun) } },
    });
    expect(response.status()).toBe(201);
  }
}

async function setDetails(who: Person, details: Record<string, unknown>) {
  const response = await who.context.request.put(`/api/users/${who.user.id}`, { data: details });
  expect(response.status(), await response.text()).toBe(200);
}

async function likeViaApi(who: Person, target: Person, isLike = true) {
  const response = await who.context.request.post('/api/likes', {
    data: { targetUserId: target.user.id, isLike, superLike: false },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const topCard = (page: Page) => page.getByTestId('top-card');
const topCardName = (page: Page) => topCard(page).locator('h2 span').first().textContent();

/** The card swiped away has left (it keeps its test id while it flies out) and the new top card stands still. */
async function cardAtRest(page: Page) {
  await expect.poll(() => topCard(page).count()).toBe(1);
  await atRest(topCard(page));
}

async function waitForTopCard(page: Page, name: string) {
  await expect.poll(() => topCardName(page), { timeout: 15_000 }).toBe(name);
  // The card has come in and stands still before it is measured or captured.
  await cardAtRest(page);
}

const profileSheet = (page: Page, name: RegExp) => page.getByRole('dialog', { name });
const activeDot = (page: Page) =>
  page
    .getByTestId('photo-dots')
    .locator('span')
    .evaluateAll((dots) => dots.map((d) => d.dataset.active === 'true'));

/** A sideways drag across the carousel with real pointer moves (the way a finger swipes). */
async function swipePhoto(page: Page, dx: number) {
  const box = await page.getByTestId('photo-carousel').boundingBox();
  if (!box) throw new Error('no carousel');
  const x = box.x + box.width / 2;
  const y = box.y + box.height * 0.3;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 10 });
  await page.mouse.up();
}

async function dismissToast(page: Page) {
  const close = page.getByRole('region', { name: /Notices/ }).getByRole('button', { name: 'Close', exact: true });
  if (await close.isVisible()) await close.click();
  await expect.poll(() => close.isVisible()).toBe(false);
}

async function closeBadgeReveal(page: Page) {
  // The match toast sits above the reveal.
  await dismissToast(page);
  const reveal = page.getByRole('status', { name: 'New badge' });
  if (await reveal.isVisible()) await reveal.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => reveal.isVisible()).toBe(false);
}

describe('profile detail', () => {
  it("opens a card's full profile, swipes through her 3 photos and likes her from the sheet", async () => {
    const fay = await person({
      name: 'Fay',
      age: 32,
      location: 'Boise, Idaho',
      bio: 'Potter, trail runner and oolong obsessive. Looking for someone to share slow Sunday mornings with.',
      interests: ['Pottery', 'Hiking', 'Tea Tasting', 'Board Games', 'Poetry', 'Camping'],
      teaInterests: ['Oolong', 'Green Tea'],
    });
    await uploadPhotos(fay, 3);
    await setDetails(fay, {
      job: 'Ceramicist',
      education: 'Boise State University',
      height: 170,
      pronouns: 'she/her',
      relationshipGoals: 'Long-term partner',
      loveLanguage: 'Quality time',
    });
    const gia = await person({ name: 'Gia', location: 'Boise, Idaho', interests: ['Hiking'] });

    await gia.page.goto('/home');
    await waitForTopCard(gia.page, 'Fay');

    // A tap on the card (not a drag) opens her profile.
    await topCard(gia.page).click({ position: { x: 120, y: 160 } });
    const sheet = profileSheet(gia.page, /^Fay, 32$/);
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await sheet.getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => sheet.isVisible()).toBe(false);

    // The info button does the same, for keyboards and screen readers.
    await topCard(gia.page).getByRole('button', { name: "View Fay's full profile" }).click();
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await expect.poll(() => sheet.getByText('Ceramicist').isVisible()).toBe(true);
    for (const text of [
      'Boise State University',
      '5′7″ (170 cm)',
      'she/her',
      'Long-term partner',
      'Quality time',
      'Boise · In your city',
    ]) {
      expect(await sheet.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    expect(await sheet.getByRole('list', { name: 'Interests', exact: true }).getByRole('listitem').count()).toBe(6);
    expect(await sheet.getByRole('list', { name: 'Tea interests' }).getByRole('listitem').count()).toBe(2);

    expect(await activeDot(gia.page)).toEqual([true, false, false]);
    await settle(gia.page);
    await screenshot(gia.page, 'profile-detail-discovery');
    await expectAccessible(gia.page, 'profile sheet from discovery');

    await swipePhoto(gia.page, -160);
    await expect.poll(() => activeDot(gia.page)).toEqual([false, true, false]);
    await swipePhoto(gia.page, -160);
    await expect.poll(() => activeDot(gia.page)).toEqual([false, false, true]);
    // The last photo stays put; a short drag springs back; swiping right goes back.
    await swipePhoto(gia.page, -160);
    await swipePhoto(gia.page, 20);
    expect(await activeDot(gia.page)).toEqual([false, false, true]);
    await settle(gia.page);
    await screenshot(gia.page, 'profile-detail-discovery-photo-3');
    await swipePhoto(gia.page, 160);
    await expect.poll(() => activeDot(gia.page)).toEqual([false, true, false]);
    expect(await sheet.getByRole('img', { name: 'Photo 2 of 3 of Fay' }).isVisible()).toBe(true);

    await sheet.getByRole('heading', { name: 'Tea interests' }).scrollIntoViewIfNeeded();
    await settle(gia.page);
    await screenshot(gia.page, 'profile-detail-discovery-details');

    // Like from the sheet: the same swipe as the deck's button.
    const liked = gia.page.waitForResponse((r) => r.url().endsWith('/api/likes') && r.request().method() === 'POST');
    await sheet.getByRole('button', { name: 'Like', exact: true }).click();
    const body = (await (await liked).request().postDataJSON()) as { targetUserId: string; isLike: boolean };
    expect(body).toMatchObject({ targetUserId: fay.user.id, isLike: true });
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await expect.poll(() => gia.page.getByRole('heading', { name: 'No Local Profiles' }).isVisible()).toBe(true);

    await fay.context.close();
    await gia.context.close();
  });

  it('the own-profile sheet from the header avatar on Discover: Edit Profile, Settings and Close', async () => {
    const hana = await person({ name: 'Hana', age: 27, location: 'Tulsa, Oklahoma' });
    await uploadPhotos(hana, 1);
    await hana.page.goto('/home');
    await hana.page.getByRole('banner').getByRole('button', { name: 'Your profile' }).click();
    const sheet = hana.page.getByRole('dialog', { name: 'Your profile' });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    expect(await sheet.getByText('Tulsa, Oklahoma').isVisible()).toBe(true);
    await settle(hana.page);
    await shootBothThemes(hana.page, 'discover-own-profile-sheet');

    await sheet.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => sheet.isVisible()).toBe(false);

    // Settings is one tap from Discover (the tryout found it only at the bottom of her profile).
    await hana.page.getByRole('banner').getByRole('button', { name: 'Your profile' }).click();
    await sheet.getByRole('link', { name: 'Settings' }).click();
    await hana.page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await hana.page.goto('/home');

    await hana.page.getByRole('banner').getByRole('button', { name: 'Your profile' }).click();
    await sheet.getByRole('link', { name: 'Edit Profile' }).click();
    await expect.poll(() => new URL(hana.page.url()).pathname).toBe('/profile');
    // Off Discover, the avatar is a plain link to her profile.
    await expect
      .poll(() => hana.page.getByRole('banner').getByRole('link', { name: 'Your profile' }).isVisible())
      .toBe(true);
    await hana.context.close();
  });

  it("badges: her first match reveals First Match, her widget lists it, another member sees it on her card and profile; and her match's profile opens from the strip, the chat list and the header", async () => {
    const iris = await person({
      name: 'Iris',
      age: 30,
      location: 'Omaha, Nebraska',
      bio: 'Librarian by day, jazz pianist by night. Chai is my love language.',
      interests: ['Reading', 'Live Music', 'Baking', 'Yoga', 'Hiking'],
    });
    await uploadPhotos(iris, 2);
    const jo = await person({ name: 'Jo', age: 33, location: 'Omaha, Nebraska', interests: ['Hiking', 'Yoga'] });
    await uploadPhotos(jo, 3);
    await setDetails(jo, { job: 'Park ranger', pronouns: 'she/they' });
    const kim = await person({ name: 'Kim', location: 'Omaha, Nebraska', interests: ['Live Music'] });

    // Jo already likes Iris; Iris likes her back on Discover: her first match.
    await likeViaApi(jo, iris);
    await iris.page.goto('/home');
    await waitForTopCard(iris.page, 'Jo');
    await iris.page.getByRole('button', { name: 'Like', exact: true }).click();
    const celebration = iris.page.getByRole('dialog', { name: "It's a Match!" });
    await expect.poll(() => celebration.isVisible()).toBe(true);
    await celebration.getByRole('button', { name: 'Keep Swiping' }).click();
    await expect.poll(() => celebration.isVisible()).toBe(false);
    const reveal = iris.page.getByRole('status', { name: 'New badge' });
    await expect
      .poll(() => reveal.getByText('First Match', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await dismissToast(iris.page);
    await screenshot(iris.page, 'badge-first-match-reveal');
    await closeBadgeReveal(iris.page);

    // The Discover quick card nudges her towards the badge she is closest to.
    const nudge = iris.page.getByTestId('badge-nudge');
    await expect.poll(() => nudge.textContent()).toMatch(/\d+%? more .*to /);
    await nudge.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await settle(iris.page);
    await screenshot(iris.page, 'discover-badge-nudge');
    await expectAccessible(iris.page, 'Discover with the badge nudge');

    // Her match's profile from the recent-matches strip, with a way into the chat.
    const strip = iris.page.getByRole('region', { name: 'Recent Matches' });
    await strip.getByRole('button', { name: "View Jo's profile" }).click();
    const joSheet = profileSheet(iris.page, /^Jo, 33$/);
    await expect.poll(() => joSheet.getByText('Park ranger').isVisible()).toBe(true);
    expect(await joSheet.getByRole('list', { name: 'Badges' }).getByText('First Match').isVisible()).toBe(true);
    const [match] = (await (await iris.context.request.get('/api/matches')).json()) as Match[];
    expect(await joSheet.getByRole('link', { name: 'Message Jo' }).getAttribute('href')).toBe(
      `/conversation/${match!.id}`,
    );
    await joSheet.getByRole('button', { name: 'Close' }).first().click();

    // Her /profile widget lists the badge with its date.
    await iris.page.goto('/profile');
    const earned = iris.page.getByRole('list', { name: 'Earned badges' });
    await expect.poll(() => earned.getByText('First Match').isVisible()).toBe(true);

    // From the chat list: her photo opens her profile with Message, Report, Unmatch and Block.
    await iris.page.goto('/chats');
    await iris.page.getByRole('button', { name: "View Jo's profile" }).click();
    await expect.poll(() => joSheet.getByText('Park ranger').isVisible()).toBe(true);
    for (const name of ['Report', 'Unmatch', 'Block']) {
      expect(await joSheet.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    }
    await settle(iris.page);
    await screenshot(iris.page, 'profile-detail-chat-list');
    await expectAccessible(iris.page, 'profile sheet from the chat list');
    await joSheet.getByRole('link', { name: 'Message Jo' }).click();
    await expect.poll(() => new URL(iris.page.url()).pathname).toBe(`/conversation/${match!.id}`);

    // From the conversation header: her name opens the sheet; Report there opens the menu's form.
    await iris.page.getByRole('heading', { name: 'Jo', level: 1 }).getByRole('button').click();
    await expect.poll(() => joSheet.getByText('Park ranger').isVisible()).toBe(true);
    await swipePhoto(iris.page, -160);
    await expect.poll(() => activeDot(iris.page)).toEqual([false, true, false]);
    await settle(iris.page);
    await screenshot(iris.page, 'profile-detail-conversation');
    await expectAccessible(iris.page, 'profile sheet from a conversation');
    await joSheet.getByRole('button', { name: 'Report', exact: true }).click();
    const confirm = iris.page.getByRole('dialog', { name: 'Report Jo' });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => confirm.isVisible()).toBe(false);
    expect(new URL(iris.page.url()).pathname).toBe(`/conversation/${match!.id}`);

    // Kim meets Iris on Discover: her card shows the badge (Kim passes Jo first so Iris is on top).
    await likeViaApi(kim, jo, false);
    await kim.page.goto('/home');
    await waitForTopCard(kim.page, 'Iris');
    const cardBadges = topCard(kim.page).getByRole('list', { name: 'Badges' });
    await expect.poll(() => cardBadges.getByText('First Match').isVisible()).toBe(true);
    // Only earned badges, never one she is still working towards.
    expect(await cardBadges.getByText('Social Butterfly').count()).toBe(0);
    await screenshot(kim.page, 'discover-card-badges');
    await expectAccessible(kim.page, 'a card with badges');
    await topCard(kim.page).getByRole('button', { name: "View Iris's full profile" }).click();
    const irisSheet = profileSheet(kim.page, /^Iris, 30$/);
    await expect
      .poll(() => irisSheet.getByRole('list', { name: 'Badges' }).getByText('First Match').isVisible())
      .toBe(true);

    for (const who of [iris, jo, kim]) await who.context.close();
  });
});

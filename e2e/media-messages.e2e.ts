import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import type { SelfUser } from '../src/contract/users';
import {
  closeBadgeCard,
  expectAccessible,
  FAKE_MEDIA_ARGS,
  phoneContext,
  screenshot,
  signUpViaApi,
  toastText,
  useServerAndBrowser,
  matchViaApi,
  watchBadgeCheck,
} from './harness';
import { shootBothThemes } from './flows-themes';
import { grainyPhoto, slowUploads } from './slow-upload';

/*
 * Photo and voice messages between two browsers. Chromium records from its fake microphone
 * (a test tone) and grants the permission itself.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000, browserArgs: FAKE_MEDIA_ARGS });
const contexts: BrowserContext[] = [];

afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function person(name: string): Promise<{ context: BrowserContext; page: Page; user: SelfUser }> {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  // Playwright's contexts start with no permissions; the fake device answers once it is granted.
  await context.grantPermissions(['microphone']);
  contexts.push(context);
  const user = await signUpViaApi(context, { name });
  const page = await context.newPage();
  return { context, page, user };
}

/** A photo with some detail (a gradient and shapes), as a JPEG a phone would send. */
async function photo(hue: string): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#f3d9b1"/><stop offset="1" stop-color="${hue}"/></linearGradient></defs>` +
    `<rect width="1600" height="1200" fill="url(#g)"/><circle cx="1150" cy="380" r="180" fill="#fff6d8"/>` +
    `<path d="M0 900 Q400 650 800 880 T1600 820 V1200 H0Z" fill="#3f6b4a"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function open(page: Page, matchId: string) {
  await page.goto(`/conversation/${matchId}`);
  await page.getByRole('img', { name: 'Connected' }).waitFor({ timeout: 15_000 });
}

/** Back into the conversation from the chat list, within the app (no page load). */
async function openFromList(page: Page) {
  await page.getByRole('list', { name: 'Your matches' }).getByRole('link', { name: /Bea/ }).click();
  await page.getByRole('img', { name: 'Connected' }).waitFor({ timeout: 15_000 });
}

async function sendPhoto(page: Page, data: Buffer, viewOnce: boolean, shot?: string) {
  // As she does it: Share a photo opens the phone's picker, and the photo is chosen there.
  const share = page.getByRole('button', { name: 'Share a photo' });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), share.click()]);
  await chooser.setFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: data });
  const sheet = page.getByRole('dialog', { name: 'Send a photo' });
  await sheet.waitFor();
  await sheet.getByRole('img', { name: 'The photo you picked' }).waitFor();
  if (viewOnce) await sheet.getByRole('switch', { name: /View once/ }).click();
  if (shot) await screenshot(page, shot);
  await sheet.getByRole('button', { name: 'Send photo' }).click();
  await sheet.waitFor({ state: 'detached' });
  // Her focus back on Share a photo while it sends, not dropped to the top of the page.
  await expect.poll(() => share.evaluate((button) => button === document.activeElement)).toBe(true);
}

const loaded = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .last()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

describe('photo and voice messages', () => {
  let ana: Awaited<ReturnType<typeof person>>;
  let bea: Awaited<ReturnType<typeof person>>;
  let matchId: string;

  it('records a voice note by holding the microphone; the other member plays it and the sender sees it played', async () => {
    ana = await person('Ana');
    bea = await person('Bea');
    matchId = await matchViaApi(ana, bea);
    await Promise.all([open(ana.page, matchId), open(bea.page, matchId)]);

    const mic = ana.page.getByRole('button', { name: /Record a voice message/ });
    await mic.hover();
    await ana.page.mouse.down();
    const time = ana.page.getByTestId('recording-time');
    await expect.poll(async () => (await time.textContent()) ?? '', { timeout: 10_000 }).toMatch(/^0:0[2-9]/);
    await screenshot(ana.page, 'chat-voice-recording');
    await ana.page.mouse.up();

    const theirs = bea.page.getByTestId('voice-message');
    await theirs.waitFor({ timeout: 15_000 });
    await ana.page.getByTestId('voice-message').waitFor();
    await screenshot(bea.page, 'chat-voice-received');
    await theirs.getByRole('button', { name: 'Play voice message' }).click();
    // The audio really plays: its position moves on.
    await expect
      .poll(() => theirs.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    await ana.page.getByText('Played', { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(ana.page, 'chat-voice-played');
  });

  it('sends a photo: the other member sees it blurred, taps, and sees it', async () => {
    await sendPhoto(ana.page, await photo('#a8427a'), false, 'chat-photo-preview');
    // The first photo loads the nudity model in the server (a few seconds on a busy machine).
    await ana.page.getByTestId('photo-revealed').waitFor({ timeout: 45_000 });
    await expect.poll(() => loaded(ana.page, 'photo-revealed')).toBe(true);

    const blurred = bea.page.getByRole('button', { name: /Blurred photo/ });
    await blurred.waitFor({ timeout: 15_000 });
    await screenshot(bea.page, 'chat-photo-blurred');
    await expectAccessible(bea.page, 'conversation with media (light)');
    await blurred.click();
    await expect.poll(() => loaded(bea.page, 'photo-revealed'), { timeout: 10_000 }).toBe(true);
    await screenshot(bea.page, 'chat-photo-revealed');
  });

  it('a view-once photo opens once, then both see "Photo opened" and the file is gone', async () => {
    // Counted, so a retry is not fooled by the photo an earlier attempt opened.
    const openedLabels = (page: Page) => page.getByText('Photo opened', { exact: true }).count();
    const [anaBefore, beaBefore] = [await openedLabels(ana.page), await openedLabels(bea.page)];
    await sendPhoto(ana.page, await photo('#3a6fa8'), true);
    const button = bea.page.getByRole('button', { name: 'View-once photo · tap to open' });
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    const viewer = bea.page.getByRole('dialog', { name: 'View-once photo' });
    await viewer.getByRole('img').waitFor();
    await shootBothThemes(bea.page, 'chat-view-once-open');
    // The close button sits above the photo, never under it: the point at its centre is the button itself.
    const close = viewer.getByRole('button', { name: 'Close photo' });
    const closeBox = await close.boundingBox();
    const imageBox = await viewer.getByRole('img').boundingBox();
    if (!closeBox || !imageBox) throw new Error('viewer not laid out');
    expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(imageBox.y);
    const onTop = await close.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
    });
    expect(onTop).toBe(true);
    // What closing does is said on screen, not only to a screen reader.
    await viewer.getByText('View it now: once you close it or leave, it cannot be opened again.').waitFor();
    // From the keyboard, Escape closes it too, and her focus is back on the bubble, now "Photo opened".
    await bea.page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(() => openedLabels(bea.page)).toBe(beaBefore + 1);
    await expect
      .poll(() => bea.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''))
      .toBe('view-once');
    expect(await bea.page.evaluate(() => document.activeElement?.textContent)).toBe('Photo opened');
    await expect.poll(() => openedLabels(ana.page), { timeout: 10_000 }).toBe(anaBefore + 1);
    await screenshot(ana.page, 'chat-view-once-opened-sender');

    // The server deleted the file: not even the sender can fetch it any more.
    const page = await ana.context.request.get(`/api/messages/${matchId}`);
    const messages = ((await page.json()) as { messages: Array<{ media: { id: string; viewOnce: boolean } | null }> })
      .messages;
    const viewOnce = messages.findLast((m) => m.media?.viewOnce);
    expect((await ana.context.request.get(`/api/media/${viewOnce?.media?.id}`)).status()).toBe(410);
  });

  it('the chat list says a view-once photo is one, in words on both sides', async () => {
    const badges = await watchBadgeCheck(bea.page, env.server);
    await bea.page.goto('/chats');
    // Her first badge (Early Bird) shows on this page load: closed, so the row is what the shots show.
    await closeBadgeCard(bea.page, badges);
    const row = (page: Page) => page.getByRole('link', { name: /View-once photo/ });
    await row(bea.page).waitFor();
    await shootBothThemes(bea.page, 'chats-view-once-preview');
    await ana.page.goto('/chats');
    expect(await row(ana.page).textContent()).toContain('You: View-once photo');
    // Back in the conversation, where the dark-theme shots below expect her.
    await open(ana.page, matchId);
  });

  it('with "Blur photos from matches" off, her photos show at once', async () => {
    await bea.page.goto('/settings');
    const setting = bea.page.getByRole('switch', { name: 'Blur photos from matches' });
    await setting.waitFor();
    expect(await setting.getAttribute('aria-checked')).toBe('true');
    await setting.scrollIntoViewIfNeeded();
    // A badge toast (Early Bird) may be showing: close it so the setting is what the screenshot shows.
    const toasts = bea.page.getByTestId('toasts').getByRole('button', { name: /close/i });
    while ((await toasts.count()) > 0) await toasts.first().click();
    await bea.page.getByText('Badge earned!').waitFor({ state: 'detached' });
    await screenshot(bea.page, 'settings-blur-photos');
    await setting.click();
    expect(await setting.getAttribute('aria-checked')).toBe('false');
    await open(bea.page, matchId);
    await expect.poll(() => loaded(bea.page, 'photo-revealed'), { timeout: 10_000 }).toBe(true);
    expect(await bea.page.getByRole('button', { name: /Blurred photo/ }).count()).toBe(0);
  });

  it('a reload while a photo is still sending asks first; staying lets it arrive', async () => {
    const page = ana.page;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      '**/api/matches/*/media',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const photos = () => page.getByTestId('photo-revealed').count();
    const before = await photos();
    await sendPhoto(page, await photo('#7a42a8'), false);
    const asked = page.waitForEvent('dialog');
    // Not awaited: the reload waits on the browser's question.
    void page.evaluate(() => location.reload()).catch(() => undefined);
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    release();
    await expect.poll(photos, { timeout: 15_000 }).toBe(before + 1);
  });

  it('a photo on a slow network shows how far it has got; Cancel stops it, and nothing is sent', async () => {
    const page = ana.page;
    const network = await slowUploads(page);
    const photos = () => page.getByTestId('photo-revealed').count();
    const before = await photos();
    const storedPhotos = async () => {
      const answer = await bea.context.request.get(`/api/messages/${matchId}?limit=100`);
      const { messages } = (await answer.json()) as { messages: Array<{ messageType: string }> };
      return messages.filter((m) => m.messageType === 'image').length;
    };
    const storedBefore = await storedPhotos();
    const grainy = await grainyPhoto(1200, 900);
    await sendPhoto(page, grainy, false);
    const progress = page.getByRole('progressbar', { name: 'Sending photo…' });
    const percent = async () => Number(await progress.getAttribute('aria-valuenow'));
    await expect.poll(percent, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await percent()).toBeLessThan(100);
    await shootBothThemes(page, 'chat-photo-uploading');
    // The microphone is off while it uploads, for a touch press too (a disabled button still gets pointer events).
    const mic = await page.getByRole('button', { name: /Record a voice message/ }).boundingBox();
    // A press and release (the locator's click would wait for the button to be enabled).
    await page.mouse.move(mic!.x + mic!.width / 2, mic!.y + mic!.height / 2);
    await page.mouse.down();
    await page.mouse.up();

    // By keyboard: Cancel, and her focus goes on to the message box. It stays on Cancel while the bar moves on
    // (a new render is not the button going).
    const cancel = page.getByRole('button', { name: 'Cancel upload' });
    await cancel.focus();
    const focusedAt = await percent();
    await expect.poll(percent, { timeout: 15_000 }).toBeGreaterThan(focusedAt);
    expect(await cancel.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await progress.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('message-input');
    await network.restore();

    // A message sent after it arrives on her match's screen, and the photo never does, on either side.
    await page.keyboard.type('Never mind the photo');
    await page.keyboard.press('Enter');
    await bea.page.getByText('Never mind the photo').waitFor({ timeout: 10_000 });
    expect(await photos()).toBe(before);
    expect(await toastText(page, 'Photo not sent').count()).toBe(0);
    expect(await storedPhotos()).toBe(storedBefore);
    // The press on the microphone started nothing: no recording is running, and no voice message went.
    expect(await page.getByTestId('recording-time').count()).toBe(0);

    // Leaving the conversation while a photo uploads stops it, and she is told so on the screen she went to.
    await network.slow();
    await sendPhoto(page, grainy, false);
    await progress.waitFor();
    await page.getByRole('link', { name: 'Back to messages' }).click();
    await page.waitForURL('**/chats');
    await toastText(
      page,
      'You left the conversation before it finished uploading. You can send it again from there.',
    ).waitFor();
    await network.restore();
    await openFromList(page);
    // It waits there as not sent; she deletes it, and her focus goes on to the message box.
    const notSent = page.getByRole('img', { name: 'Your photo, not sent' });
    await notSent.waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).focus();
    await page.keyboard.press('Enter');
    await notSent.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('message-input');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Still no photo');
    await page.getByRole('button', { name: 'Send message' }).click();
    await bea.page.getByText('Still no photo').waitFor({ timeout: 10_000 });
    expect(await storedPhotos()).toBe(storedBefore);
    expect(await photos()).toBe(before);
  });

  it('a photo that could not be sent waits in the conversation with Retry, which goes on from where it stopped and sends it once', async () => {
    const page = ana.page;
    const uploads: string[] = [];
    const onRequest = (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/media')) uploads.push(request.url());
    };
    page.on('request', onRequest);
    const photos = () => page.getByTestId('photo-revealed').count();
    const storedPhotos = async () => {
      const answer = await bea.context.request.get(`/api/messages/${matchId}?limit=100`);
      const { messages } = (await answer.json()) as { messages: Array<{ messageType: string }> };
      return messages.filter((m) => m.messageType === 'image').length;
    };
    const before = await photos();
    const storedBefore = await storedPhotos();
    const notSent = page.getByRole('img', { name: 'Your photo, not sent' });
    const retry = page.getByRole('button', { name: 'Retry', exact: true });

    // The upload finds no connection: told so, and the photo waits in the conversation as not sent.
    await page.route('**/api/matches/*/media', (route) => route.abort('internetdisconnected'), { times: 1 });
    await sendPhoto(page, await photo('#2f7a8c'), false);
    await toastText(page, 'Could not reach Steep. Check your connection and try again.').waitFor();
    await notSent.waitFor();
    await shootBothThemes(page, 'chat-photo-not-sent');
    // Retry says which message it is for (a screen reader hears it with the button).
    const describedBy = await retry.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).getByRole('img', { name: 'Your photo, not sent' }).count()).toBe(
      1,
    );
    // It lives in this tab only: a reload asks first.
    const asked = page.waitForEvent('dialog');
    void page.evaluate(() => location.reload()).catch(() => undefined);
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await notSent.waitFor();
    // It is still there after she leaves the conversation and comes back; the chat list says it was not sent.
    await page.getByRole('link', { name: 'Back to messages' }).click();
    await page.waitForURL('**/chats');
    const row = page.getByRole('list', { name: 'Your matches' }).getByRole('link', { name: /Bea/ });
    await row.getByText('Not sent:').waitFor();
    expect(await row.getByText('Not sent:').locator('..').innerText()).toMatch(/^Not sent:\s+Photo$/);
    await shootBothThemes(page, 'chats-not-sent');
    await openFromList(page);
    await notSent.waitFor();
    // By keyboard: Retry uploads it again, the photo arrives, and her focus goes on to the message box.
    await retry.focus();
    await page.keyboard.press('Enter');
    await expect.poll(photos, { timeout: 15_000 }).toBe(before + 1);
    expect(await notSent.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('message-input');
    expect(uploads).toHaveLength(2);
    expect(await storedPhotos()).toBe(storedBefore + 1);

    // The file is up but the message fails (the socket drops as it goes, and the server is in trouble for the
    // HTTP fallback): Retry sends the message only, without uploading the file again, and it is stored once.
    uploads.length = 0;
    let dropNext = true;
    await ana.context.routeWebSocket('**/ws', (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((frame) => {
        if (dropNext && typeof frame === 'string' && frame.includes('"type":"message"')) {
          dropNext = false;
          void socket.close({ code: 1011, reason: 'test outage' });
          return;
        }
        server.send(frame);
      });
    });
    await page.route(
      '**/api/messages',
      (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Try later', code: 'UNAVAILABLE' }),
        }),
      { times: 1 },
    );
    await open(page, matchId);
    await sendPhoto(page, await photo('#8c2f5a'), false);
    await notSent.waitFor({ timeout: 15_000 });
    expect(uploads).toHaveLength(1);
    await page.getByRole('img', { name: 'Connected' }).waitFor({ timeout: 15_000 });
    await retry.click();
    await expect.poll(photos, { timeout: 15_000 }).toBe(before + 2);
    expect(uploads).toHaveLength(1);
    expect(await storedPhotos()).toBe(storedBefore + 2);
    await ana.context.unrouteAll({ behavior: 'ignoreErrors' });
    page.off('request', onRequest);
  });

  it('a photo the server refuses is said, and not kept to retry', async () => {
    const page = ana.page;
    await page.route(
      '**/api/matches/*/media',
      (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'This photo can no longer be sent.', code: 'CONFLICT' }),
        }),
      { times: 1 },
    );
    await sendPhoto(page, await photo('#5a8c2f'), false);
    await toastText(page, 'This photo can no longer be sent.').waitFor();
    expect(await page.getByRole('img', { name: 'Your photo, not sent' }).count()).toBe(0);
  });

  it('a file that is no photo is said in the sheet before anything is sent; a large photo is made smaller first', async () => {
    const page = ana.page;
    const share = page.getByRole('button', { name: 'Share a photo' });
    const sheet = page.getByRole('dialog', { name: 'Send a photo' });
    const uploads: number[] = [];
    const onRequest = (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/media'))
        uploads.push(request.postDataBuffer()?.length ?? 0);
    };
    page.on('request', onRequest);

    // A text file named like a photo: told so in the sheet, and Send photo is not offered.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), share.click()]);
    await chooser.setFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') });
    await sheet.getByRole('alert').filter({ hasText: "This file isn't a photo we can open." }).waitFor();
    expect(await sheet.getByRole('button', { name: 'Send photo' }).isDisabled()).toBe(true);
    expect(await sheet.getByRole('img', { name: 'The photo you picked' }).count()).toBe(0);
    await shootBothThemes(page, 'chat-photo-not-a-photo');
    // She picks another from the sheet itself: it stays open and shows the photo, ready to send.
    const [again] = await Promise.all([
      page.waitForEvent('filechooser'),
      sheet.getByRole('button', { name: 'Choose another photo' }).click(),
    ]);
    await again.setFiles({ name: 'real.jpg', mimeType: 'image/jpeg', buffer: await photo('#a84242') });
    await sheet.getByRole('img', { name: 'The photo you picked' }).waitFor();
    expect(await sheet.getByRole('alert').count()).toBe(0);
    expect(await sheet.getByRole('button', { name: 'Send photo' }).isEnabled()).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    expect(uploads).toEqual([]);

    // A camera-sized photo over the 10 MB upload limit: drawn smaller on the phone, then sent and shown.
    const noisy = await grainyPhoto(4032, 3024, { sigma: 70, quality: 100 });
    expect(noisy.length).toBeGreaterThan(10 * 1024 * 1024);
    const photos = () => page.getByTestId('photo-revealed').count();
    const before = await photos();
    await sendPhoto(page, noisy, false);
    await expect.poll(photos, { timeout: 30_000 }).toBe(before + 1);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toBeLessThan(10 * 1024 * 1024);
    page.off('request', onRequest);
  });

  it('in the dark theme', async () => {
    for (const { who, name } of [
      { who: bea, name: 'chat-media-dark-recipient' },
      { who: ana, name: 'chat-media-dark-sender' },
    ]) {
      // Her saved theme: the app applies it on load.
      const url = `/api/users/${who.user.id}/preferences`;
      const prefs = (await (await who.context.request.get(url)).json()) as { app: Record<string, unknown> };
      const saved = await who.context.request.put(url, { data: { ...prefs, app: { ...prefs.app, theme: 'dark' } } });
      expect(saved.status(), await saved.text()).toBe(200);
      const page = who.page;
      // …and this device's copy of it, which public/theme.js paints from before the app starts.
      await page.evaluate(() => localStorage.setItem('steep-theme', 'dark'));
      await page.reload();
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await page.getByTestId('voice-message').first().waitFor();
      await screenshot(page, name);
      await expectAccessible(page, `${name} (dark)`);
    }
    await bea.page.goto('/settings');
    const setting = bea.page.getByRole('switch', { name: 'Blur photos from matches' });
    await setting.scrollIntoViewIfNeeded();
    await screenshot(bea.page, 'settings-blur-photos-dark');
  });
});

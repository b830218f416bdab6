import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { MediaUpload } from '../src/contract/chat-media';
import type { SelfUser } from '../src/contract/users';
import { users } from '../src/server/db/schema';
import { shootBothThemes } from './flows-themes';
import { FAKE_MEDIA_ARGS, phoneContext, signUpViaApi, useServerAndBrowser, matchViaApi } from './harness';

/*
 * The 24-hour status with a real voice note: she records it from Chromium's fake microphone (a test
 * tone), another member plays it on her profile sheet. And a report that attaches the conversation
 * freezes its photo and voice note for the moderator's view.
 */

const env = useServerAndBrowser({}, { timeoutMs: 120_000, browserArgs: FAKE_MEDIA_ARGS });
const contexts: BrowserContext[] = [];
const WAVE = Array.from({ length: 48 }, (_, i) => 20 + ((i * 13) % 80)).join(',');

afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function person(name: string): Promise<{ context: BrowserContext; page: Page; user: SelfUser }> {
  const context = await phoneContext(env.browser, env.server.baseUrl);
  await context.grantPermissions(['microphone']);
  contexts.push(context);
  const user = await signUpViaApi(context, { name, location: 'Portland, Oregon' });
  const page = await context.newPage();
  return { context, page, user };
}

/** Sends a photo or voice message through the API, as the chat composer does. */
async function sendMedia(context: BrowserContext, matchId: string, kind: 'image' | 'voice', data: Buffer) {
  const upload = await context.request.post(`/api/matches/${matchId}/media`, {
    multipart: {
      ...(kind === 'voice' && { waveform: WAVE }),
      file: { name: 'f', mimeType: kind === 'voice' ? 'audio/webm' : 'image/jpeg', buffer: data },
    },
  });
  expect(upload.status()).toBe(201);
  const { mediaId } = (await upload.json()) as MediaUpload;
  const sent = await context.request.post('/api/messages', { data: { matchId, messageType: kind, mediaId } });
  expect(sent.status()).toBe(201);
}

describe('voice status', () => {
  it('she records a voice note for her status; a match opens her profile sheet and plays it', async () => {
    const ana = await person('Ana');
    const bea = await person('Bea');
    const matchId = await matchViaApi(ana, bea);

    await ana.page.goto('/profile');
    await ana.page.getByRole('button', { name: 'Add 24h Status' }).click();
    const dialog = ana.page.getByRole('dialog', { name: 'Add 24h Status' });
    await dialog.getByLabel("What's brewing?").fill('First flush darjeeling tonight, come say hi');
    await dialog.getByRole('button', { name: 'Record a voice note' }).click();
    const time = dialog.getByTestId('status-recording-time');
    await expect.poll(async () => (await time.textContent()) ?? '', { timeout: 10_000 }).toMatch(/^0:0[2-9] \/ 0:30$/);
    await dialog.getByRole('button', { name: 'Stop recording' }).click();
    const preview = dialog.getByTestId('status-voice-preview');
    await preview.waitFor({ timeout: 10_000 });
    // The preview plays the recording in her browser before anything is uploaded.
    await preview.getByRole('button', { name: 'Play your voice note' }).click();
    await expect
      .poll(() => preview.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    await shootBothThemes(ana.page, 'status-dialog-voice-preview');
    await dialog.getByRole('button', { name: 'Share Status' }).click();
    await dialog.waitFor({ state: 'detached' });

    const own = ana.page.getByTestId('status-voice');
    await own.waitFor();
    expect(await ana.page.getByText(/coming soon|simulated/i).count()).toBe(0);
    // For the screenshots, the card without the toast and the Early Bird reveal queued behind it: once
    // the badge is earned, a fresh load of /profile shows neither (the reveal only follows live frames).
    const earlyBird = async () => {
      const { badges } = (await (await ana.context.request.get(`/api/users/${ana.user.id}/badges`)).json()) as {
        badges: Array<{ id: string; earnedAt: string | null }>;
      };
      return badges.some((b) => b.id === 'early_bird' && b.earnedAt !== null);
    };
    await expect.poll(earlyBird).toBe(true);
    await ana.page.reload();
    await own.evaluate((el) => el.closest('.grid')?.parentElement?.scrollIntoView({ block: 'center' }));
    await ana.page.evaluate(() => document.fonts.ready);
    await shootBothThemes(ana.page, 'status-card-voice');

    // Bea opens Ana's profile from their conversation and plays the voice status.
    await bea.page.goto(`/conversation/${matchId}`);
    await bea.page.getByRole('button', { name: 'Ana', exact: true }).click();
    const sheet = bea.page.getByRole('dialog', { name: /^Ana/ });
    const voice = sheet.getByTestId('profile-status-voice');
    await voice.waitFor({ timeout: 10_000 });
    await sheet.getByText('First flush darjeeling tonight, come say hi').waitFor();
    await voice.scrollIntoViewIfNeeded();
    await voice.getByRole('button', { name: 'Play voice status' }).click();
    await expect
      .poll(() => voice.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    await shootBothThemes(bea.page, 'profile-sheet-voice-status');
  }, 120_000);

  it("a report with the conversation attached shows its frozen photo and voice note in the moderator's view", async () => {
    const cy = await person('Cy');
    const dee = await person('Dee');
    const matchId = await matchViaApi(cy, dee);
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 170, g: 66, b: 122 } },
    })
      .jpeg()
      .toBuffer();
    const voice = await readFile(
      path.resolve(import.meta.dirname, '../src/server/features/chat/fixtures/voice-chromium.webm'),
    );
    await dee.context.request.post('/api/messages', { data: { matchId, content: 'Answer me.' } });
    await sendMedia(dee.context, matchId, 'image', photo);
    await sendMedia(dee.context, matchId, 'voice', voice);
    const filed = await cy.context.request.post('/api/reports', {
      data: { reportedUserId: dee.user.id, reason: 'harassment_or_bullying', matchId, includeMessages: true },
    });
    expect(filed.status()).toBe(202);
    // Dee unmatches: the conversation's files are deleted, the report's copies stay.
    expect((await dee.context.request.delete(`/api/matches/${matchId}`)).status()).toBe(200);

    const mod = await person('Morgan');
    await env.server.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, mod.user.id));
    await mod.page.goto('/moderation');
    await mod.page.getByRole('button', { name: new RegExp(`@${dee.user.username}`) }).click();
    await mod.page.getByRole('heading', { name: /^Dee, / }).waitFor();
    await mod.page.getByText('3 attached messages').click();
    const frozen = mod.page.getByTestId('frozen-media');
    await expect.poll(() => frozen.count()).toBe(2);
    const image = frozen.first().getByRole('img', { name: 'Photo from Dee, frozen with the report' });
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    const player = frozen.nth(1);
    await player.getByRole('button', { name: 'Play voice note from Dee' }).click();
    await expect
      .poll(() => player.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.2);
    await frozen.first().scrollIntoViewIfNeeded();
    await shootBothThemes(mod.page, 'moderation-report-frozen-media');
  }, 120_000);
});

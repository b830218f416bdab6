import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../contract/account';
import { WAVEFORM_BARS } from '../../../contract/chat-media';
import type { ProfileDetail, StatusResponse, UserStatus } from '../../../contract/profiles';
import { statuses } from '../../db/schema/profiles';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { member } from '../../test/members';
import { form, type Part } from '../../test/multipart';
import { mp4AacVoice } from '../chat/test-audio';

let t: TestApp;
let folder: string;
const FIXTURES = path.resolve(import.meta.dirname, '../chat/fixtures');
const WAVE = Array.from({ length: WAVEFORM_BARS }, (_, i) => (i * 11) % 101).join(',');

beforeAll(async () => {
  t = await createTestApp();
  folder = path.resolve(t.config.DATA_DIR, 'status-voice');
});
afterAll(() => t.close());

const webm = () => readFile(path.join(FIXTURES, 'voice-chromium.webm'));
const storedFiles = async () => readdir(folder).catch(() => [] as string[]);

function postVoice(
  client: Client,
  data: Buffer,
  options: { contentType?: string; text?: string; waveform?: string | null } = {},
) {
  const parts: Part[] = [];
  if (options.text !== undefined) parts.push({ name: 'text', value: options.text });
  if (options.waveform !== null) parts.push({ name: 'waveform', value: options.waveform ?? WAVE });
  parts.push({ name: 'file', filename: 'voice', contentType: options.contentType ?? 'audio/webm', data });
  const { payload, headers } = form(parts);
  return client.request('POST', `/api/users/${client.user.id}/status/voice`, payload, headers);
}

async function voiceStatus(client: Client, data: Buffer, options: Parameters<typeof postVoice>[2] = {}) {
  const response = await postVoice(client, data, options);
  expect(response.statusCode, response.body).toBe(201);
  const { status } = response.json<StatusResponse>();
  if (!status?.voice) throw new Error('no voice in the status');
  return status as UserStatus & { voice: NonNullable<UserStatus['voice']> };
}

describe('a voice status', () => {
  it('accepts a WebM/Opus note: she and other members play it on her status and her profile', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const file = await webm();
    const status = await voiceStatus(ana, file, { text: 'Oolong tasting tonight' });
    expect(status).toMatchObject({ text: 'Oolong tasting tonight', voice: { contentType: 'audio/webm' } });
    expect(status.voice.durationMs).toBeGreaterThan(0);
    expect(status.voice.durationMs).toBeLessThanOrEqual(30_000);
    expect(status.voice.waveform).toHaveLength(WAVEFORM_BARS);

    for (const viewer of [ana, bea]) {
      const played = await viewer.request('GET', status.voice.url);
      expect(played.statusCode).toBe(200);
      expect(played.headers['content-type']).toBe('audio/webm');
      expect(played.headers['cache-control']).toBe('private, max-age=60');
      expect(played.rawPayload.equals(file)).toBe(true);
    }
    const seen = await bea.request('GET', `/api/users/${ana.user.id}/status`);
    expect(seen.json<StatusResponse>().status?.voice?.url).toBe(status.voice.url);
    const profile = await bea.request('GET', `/api/users/${ana.user.id}`);
    expect(profile.json<ProfileDetail>().status?.voice).toMatchObject({
      url: status.voice.url,
      contentType: 'audio/webm',
    });
  });

  it('accepts an MP4/AAC note (Safari) and a voice note without text', async () => {
    const cy = await member(t);
    const status = await voiceStatus(cy, mp4AacVoice(12_000), { contentType: 'audio/mp4' });
    expect(status).toMatchObject({ text: '', voice: { contentType: 'audio/mp4' } });
    expect(status.voice.durationMs).toBeGreaterThanOrEqual(11_900);
    expect((await cy.request('GET', status.voice.url)).headers['content-type']).toBe('audio/mp4');
  });

  it('refuses 31 seconds (400), a PNG renamed to .webm (415), no waveform (400), over 1 MB (413)', async () => {
    const dee = await member(t);
    const long = await postVoice(dee, mp4AacVoice(31_000), { contentType: 'audio/mp4' });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ message: 'Voice notes can be at most 30 seconds' });
    expect((await postVoice(dee, await readFile(path.join(FIXTURES, 'voice-61s-chromium.webm')))).statusCode).toBe(400);

    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const renamed = await postVoice(dee, png, { contentType: 'audio/webm' });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });

    expect((await postVoice(dee, await webm(), { waveform: null })).statusCode).toBe(400);
    expect((await postVoice(dee, Buffer.alloc(1024 * 1024 + 1))).statusCode).toBe(413);
    const [row] = await t.database.db.select().from(statuses).where(eq(statuses.userId, dee.user.id));
    expect(row).toBeUndefined();
  });

  it('is not for visitors, a blocked member, or another member posting as her', async () => {
    const eve = await member(t);
    const fay = await member(t);
    const gus = await member(t);
    const status = await voiceStatus(eve, await webm());
    expect((await t.app.inject({ method: 'GET', url: status.voice.url })).statusCode).toBe(401);
    expect((await eve.request('POST', '/api/blocks', { blockedUserId: fay.user.id })).statusCode).toBe(201);
    expect((await fay.request('GET', status.voice.url)).statusCode).toBe(404);
    expect((await gus.request('GET', status.voice.url)).statusCode).toBe(200);
    // A made-up version (an old or guessed status) is the same 404.
    expect((await gus.request('GET', `/api/users/${eve.user.id}/status/voice/123`)).statusCode).toBe(404);
    const { payload, headers } = form([
      { name: 'waveform', value: WAVE },
      { name: 'file', filename: 'v', contentType: 'audio/webm', data: await webm() },
    ]);
    expect((await gus.request('POST', `/api/users/${eve.user.id}/status/voice`, payload, headers)).statusCode).toBe(
      403,
    );
  });

  it('is deleted by the job once the status expires; the text stays for her as Expired', async () => {
    const hal = await member(t);
    const ivy = await member(t);
    const status = await voiceStatus(hal, await webm(), { text: 'Matcha at noon' });
    const [row] = await t.database.db.select().from(statuses).where(eq(statuses.userId, hal.user.id));
    const key = row?.voiceKey ?? '';
    expect(await storedFiles()).toContain(key);
    await t.database.db
      .update(statuses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(statuses.userId, hal.user.id));
    // Others stop seeing it at once; the file goes with the sweep.
    expect((await ivy.request('GET', status.voice.url)).statusCode).toBe(404);
    await t.app.jobs.runDue(new Date(Date.now() + 11 * 60_000));
    expect(await storedFiles()).not.toContain(key);
    expect((await hal.request('GET', status.voice.url)).statusCode).toBe(404);
    const own = (await hal.request('GET', `/api/users/${hal.user.id}/status`)).json<StatusResponse>();
    expect(own.status).toMatchObject({ text: 'Matcha at noon', voice: null });
  });

  it('a new status or clearing it deletes the previous voice note', async () => {
    const jo = await member(t);
    await voiceStatus(jo, await webm());
    const keyOf = async () =>
      (await t.database.db.select().from(statuses).where(eq(statuses.userId, jo.user.id)))[0]?.voiceKey ?? null;
    const first = await keyOf();
    await voiceStatus(jo, mp4AacVoice(5_000), { contentType: 'audio/mp4' });
    const second = await keyOf();
    expect(await storedFiles()).not.toContain(first);
    expect(await storedFiles()).toContain(second);
    const text = await jo.request('PUT', `/api/users/${jo.user.id}/status`, { text: 'Just words now' });
    expect(text.json<StatusResponse>().status?.voice).toBeNull();
    expect(await storedFiles()).not.toContain(second);
    const third = await voiceStatus(jo, await webm());
    const thirdKey = await keyOf();
    expect((await jo.request('DELETE', `/api/users/${jo.user.id}/status`)).statusCode).toBe(200);
    expect(await storedFiles()).not.toContain(thirdKey);
    expect((await jo.request('GET', third.voice.url)).statusCode).toBe(404);
  });

  it('is in her data export, and deleted with her account', async () => {
    const kim = await member(t);
    const file = await webm();
    await voiceStatus(kim, file);
    const [row] = await t.database.db.select().from(statuses).where(eq(statuses.userId, kim.user.id));
    const key = row?.voiceKey ?? '';
    const exported = (await kim.request('GET', '/api/account/export')).json<AccountExport>();
    expect(exported.statusVoice).toMatchObject({ contentType: 'audio/webm' });
    expect(Buffer.from(exported.statusVoice?.dataBase64 ?? '', 'base64').equals(file)).toBe(true);
    expect(JSON.stringify(exported.tables.statuses)).not.toContain(key);

    expect((await kim.request('DELETE', '/api/account', { password: 'Secret_123' })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await storedFiles()).not.toContain(key);
  });
});

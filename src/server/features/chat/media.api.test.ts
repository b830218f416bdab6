import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { Message, MessagePage } from '../../../contract/chat';
import type { Match } from '../../../contract/matches';
import { CHAT_IMAGE_MAX_SIDE, WAVEFORM_BARS, type MediaUpload } from '../../../contract/chat-media';
import { chatMedia } from '../../test/tables';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';
import { GPS, jpegWithGps, PLANTED_STRINGS } from '../profiles/test-factories';
import { mp4AacVoice } from './test-audio';
import { form, type Part } from '../../test/multipart';

let t: TestApp;
let store: string;
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
const WAVE = Array.from({ length: WAVEFORM_BARS }, (_, i) => (i * 7) % 101).join(',');

beforeAll(async () => {
  t = await createTestApp();
  store = path.resolve(t.config.DATA_DIR, 'chat-media');
});
afterAll(() => t.close());

function upload(
  client: Client,
  matchId: string,
  data: Buffer,
  options: { filename?: string; contentType?: string; viewOnce?: boolean; waveform?: string } = {},
) {
  const parts: Part[] = [];
  if (options.viewOnce) parts.push({ name: 'viewOnce', value: 'true' });
  if (options.waveform !== undefined) parts.push({ name: 'waveform', value: options.waveform });
  parts.push({
    name: 'file',
    filename: options.filename ?? 'file',
    contentType: options.contentType ?? 'application/octet-stream',
    data,
  });
  const { payload, headers } = form(parts);
  return client.request('POST', `/api/matches/${matchId}/media`, payload, headers);
}

async function uploaded(client: Client, matchId: string, data: Buffer, options: Parameters<typeof upload>[3] = {}) {
  const response = await upload(client, matchId, data, options);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaUpload>();
}

async function send(
  client: Client,
  matchId: string,
  mediaId: string,
  messageType: 'image' | 'voice',
  clientMessageId?: string,
) {
  return client.request('POST', '/api/messages', {
    matchId,
    messageType,
    mediaId,
    ...(clientMessageId && { clientMessageId }),
  });
}

async function keyOf(mediaId: string): Promise<string> {
  const [row] = await t.database.db.select().from(chatMedia).where(eq(chatMedia.id, mediaId));
  if (!row?.storageKey) throw new Error('no stored file');
  return row.storageKey;
}
const stored = async (key: string) => (await readdir(store).catch(() => [] as string[])).includes(key);
const get = (client: Client, mediaId: string) => client.request('GET', `/api/media/${mediaId}`);

async function pair(names: [string, string] = ['Ana', 'Bea']) {
  const a = await signUp(t.app, { name: names[0] });
  const b = await signUp(t.app, { name: names[1] });
  const matchId = await createMatch(t.database.db, a.user.id, b.user.id);
  return { a, b, matchId };
}

describe('a photo message', () => {
  let a: Client;
  let b: Client;
  let matchId: string;
  let sent: Message;

  beforeAll(async () => {
    ({ a, b, matchId } = await pair());
  });

  it('is re-encoded: EXIF and GPS gone, the long side capped at 1280 px, with a blurred placeholder', async () => {
    const original = await jpegWithGps(3000, 2000);
    expect(await exifr.gps(original)).toMatchObject({ latitude: expect.closeTo(GPS.latitude, 2) });
    const media = await uploaded(a, matchId, original, { filename: 'beach.jpg', contentType: 'image/jpeg' });
    expect(media.kind).toBe('image');
    // The test JPEG is rotated by its EXIF orientation (6): the published image is upright, portrait.
    expect(Math.max(media.width ?? 0, media.height ?? 0)).toBe(CHAT_IMAGE_MAX_SIDE);

    const response = await send(a, matchId, media.mediaId, 'image', 'photo-1');
    expect(response.statusCode, response.body).toBe(201);
    sent = response.json<Message>();
    expect(sent).toMatchObject({ messageType: 'image', content: 'Photo' });
    expect(sent.media).toMatchObject({ id: media.mediaId, kind: 'image', viewOnce: false, available: true });
    expect(sent.media?.placeholder).toMatch(/^data:image\/webp;base64,/);

    const file = await get(b, media.mediaId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('private, max-age=300');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(CHAT_IMAGE_MAX_SIDE);
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(await exifr.gps(file.rawPayload).catch(() => undefined)).toBeUndefined();
    for (const planted of PLANTED_STRINGS) expect(file.rawPayload.toString('latin1')).not.toContain(planted);
  });

  it('shows in the conversation for both members, with its media', async () => {
    const page = await b.request('GET', `/api/messages/${matchId}`);
    const listed = page.json<MessagePage>().messages.find((m) => m.id === sent.id);
    expect(listed?.media).toMatchObject({ kind: 'image', available: true, explicit: false });
  });

  it('a retry with the same clientMessageId answers the first message; the upload cannot be sent twice', async () => {
    const retry = await send(a, matchId, sent.media?.id ?? '', 'image', 'photo-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Message>().id).toBe(sent.id);
    const again = await send(a, matchId, sent.media?.id ?? '', 'image', 'photo-2');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('an upload is usable only by its uploader, in its own conversation', async () => {
    const media = await uploaded(a, matchId, await jpegWithGps(400, 300));
    expect((await send(b, matchId, media.mediaId, 'image')).statusCode).toBe(409);
    const c = await signUp(t.app, { name: 'Cleo' });
    const otherMatch = await createMatch(t.database.db, a.user.id, c.user.id);
    expect((await send(a, otherMatch, media.mediaId, 'image')).statusCode).toBe(409);
    // A voice message cannot send a photo upload.
    expect((await send(a, matchId, media.mediaId, 'voice')).statusCode).toBe(409);
    // The recipient cannot fetch an unsent upload; the uploader can (her preview).
    expect((await get(b, media.mediaId)).statusCode).toBe(404);
    expect((await get(a, media.mediaId)).statusCode).toBe(200);
  });

  it('a media message without its mediaId is a 400', async () => {
    const response = await a.request('POST', '/api/messages', { matchId, messageType: 'image' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'mediaId' })]));
  });

  it('a non-member gets 404 for the file and the upload, and a stranger cannot guess her way in', async () => {
    const eve = await signUp(t.app, { name: 'Eve' });
    expect((await get(eve, sent.media?.id ?? '')).statusCode).toBe(404);
    expect((await get(eve, randomUUID())).statusCode).toBe(404);
    const refused = await upload(eve, matchId, await jpegWithGps(200, 200));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
    // Without a session: 401.
    expect((await t.app.inject({ method: 'GET', url: `/api/media/${sent.media?.id}` })).statusCode).toBe(401);
  });

  it('the photo is not in the public /media folder', async () => {
    const [row] = await t.database.db
      .select()
      .from(chatMedia)
      .where(eq(chatMedia.id, sent.media?.id ?? ''));
    const response = await t.app.inject({ method: 'GET', url: `/media/${row?.storageKey}` });
    expect(response.statusCode).toBe(404);
  });

  it('refuses anything that is neither a photo nor a voice note with 415', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(a, matchId, svg, { filename: 'x.jpg', contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(415);
    // Sent as a photo, it is refused as one: the message names photos, not voice notes.
    expect(response.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Photos must be JPEG, PNG, WebP, HEIC or AVIF images',
    });
    // Without a declared type the bytes decide, and what is neither is refused as well.
    const undeclared = await upload(a, matchId, svg, { filename: 'x', contentType: 'application/octet-stream' });
    expect(undeclared.statusCode).toBe(415);
  });
});

describe('a view-once photo', () => {
  it('is opened once by the recipient; the file is then deleted from storage and both see it opened', async () => {
    const { a, b, matchId } = await pair(['Cara', 'Dee']);
    const media = await uploaded(a, matchId, await jpegWithGps(800, 600), { viewOnce: true });
    const message = (await send(a, matchId, media.mediaId, 'image')).json<Message>();
    expect(message.media).toMatchObject({ viewOnce: true, available: true, openedAt: null });
    // The chat list says what it is, so her match knows it opens once before she taps it.
    const [listed] = (await b.request('GET', '/api/matches')).json<Match[]>();
    expect(listed?.lastMessage).toMatchObject({ messageType: 'image', viewOnce: true });
    const key = await keyOf(media.mediaId);
    expect(await stored(key)).toBe(true);

    // Not through the plain file route, and not opened by the sender.
    expect((await get(b, media.mediaId)).statusCode).toBe(403);
    expect((await a.request('POST', `/api/media/${media.mediaId}/open`)).statusCode).toBe(404);

    const opened = await b.request('POST', `/api/media/${media.mediaId}/open`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/webp');
    expect(opened.headers['cache-control']).toBe('no-store');
    expect((await sharp(opened.rawPayload).metadata()).format).toBe('webp');

    expect(await stored(key)).toBe(false);
    expect((await b.request('POST', `/api/media/${media.mediaId}/open`)).statusCode).toBe(410);
    expect((await get(a, media.mediaId)).statusCode).toBe(410);
    for (const viewer of [a, b]) {
      const listed = (await viewer.request('GET', `/api/messages/${matchId}`)).json<MessagePage>().messages[0];
      expect(listed?.media).toMatchObject({ available: false, openedAt: expect.any(String) });
    }
  });
});

describe('a voice message', () => {
  let a: Client;
  let b: Client;
  let matchId: string;

  beforeAll(async () => {
    ({ a, b, matchId } = await pair(['Eli', 'Fay']));
  });

  it('accepts Opus in WebM recorded by Chromium, with its duration and waveform', async () => {
    const webm = await readFile(path.join(FIXTURES, 'voice-chromium.webm'));
    const media = await uploaded(a, matchId, webm, {
      filename: 'voice.webm',
      contentType: 'audio/webm',
      waveform: WAVE,
    });
    expect(media).toMatchObject({ kind: 'voice', waveform: WAVE.split(',').map(Number) });
    expect(media.durationMs).toBeGreaterThan(1000);
    expect(media.durationMs).toBeLessThan(2500);
    const message = (await send(a, matchId, media.mediaId, 'voice')).json<Message>();
    expect(message.media).toMatchObject({ kind: 'voice', contentType: 'audio/webm', playedAt: null });
    const file = await get(b, media.mediaId);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/webm');
    // Stored as uploaded.
    expect(file.rawPayload.equals(webm)).toBe(true);
  });

  it('accepts AAC in MP4 (what Safari records)', async () => {
    const media = await uploaded(a, matchId, mp4AacVoice(4000), { filename: 'voice.m4a', waveform: WAVE });
    expect(media.durationMs).toBeGreaterThan(3900);
    expect(media.durationMs).toBeLessThan(4200);
  });

  it('refuses a PNG renamed to .webm with 415', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await upload(a, matchId, png, {
      filename: 'voice.webm',
      contentType: 'audio/webm',
      waveform: WAVE,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a 61-second recording with 400', async () => {
    const response = await upload(a, matchId, mp4AacVoice(61_000), { contentType: 'audio/mp4', waveform: WAVE });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/60 seconds/);
  });

  it('refuses a 61-second WebM/Opus recorded by Chromium with 400', async () => {
    const webm = await readFile(path.join(FIXTURES, 'voice-61s-chromium.webm'));
    const response = await upload(a, matchId, webm, { contentType: 'audio/webm', waveform: WAVE });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a missing or malformed waveform with 400', async () => {
    const webm = await readFile(path.join(FIXTURES, 'voice-chromium.webm'));
    expect((await upload(a, matchId, webm)).statusCode).toBe(400);
    expect((await upload(a, matchId, webm, { waveform: '1,2,3' })).statusCode).toBe(400);
  });

  it('played by the recipient: the sender sees it', async () => {
    const webm = await readFile(path.join(FIXTURES, 'voice-chromium.webm'));
    const media = await uploaded(a, matchId, webm, { waveform: WAVE });
    await send(a, matchId, media.mediaId, 'voice');
    expect((await a.request('PUT', `/api/media/${media.mediaId}/played`)).statusCode).toBe(404);
    const played = await b.request('PUT', `/api/media/${media.mediaId}/played`);
    expect(played.statusCode).toBe(200);
    expect(played.json()).toMatchObject({ mediaId: media.mediaId, playedAt: expect.any(String) });
    const listed = (await a.request('GET', `/api/messages/${matchId}`)).json<MessagePage>().messages;
    expect(listed.find((m) => m.media?.id === media.mediaId)?.media?.playedAt).toBe(played.json().playedAt);
  });
});

describe('limits and her data', () => {
  it('at most 30 photo and voice messages an hour in one conversation', async () => {
    const { a, b, matchId } = await pair(['Ora', 'Pia']);
    const webm = await readFile(path.join(FIXTURES, 'voice-chromium.webm'));
    const voice = { contentType: 'audio/webm', waveform: WAVE };
    for (let i = 0; i < 29; i++) {
      const sender = i % 2 === 0 ? a : b;
      const media = await uploaded(sender, matchId, webm, voice);
      expect((await send(sender, matchId, media.mediaId, 'voice')).statusCode).toBe(201);
    }
    // Two uploaded while one is left: the first sent takes it, the second is refused when sent.
    const [last, late] = [await uploaded(b, matchId, webm, voice), await uploaded(a, matchId, webm, voice)];
    expect((await send(b, matchId, last.mediaId, 'voice')).statusCode).toBe(201);
    // When she can send again: the first of the hour's 30 leaves it in an hour, less the seconds this took.
    const said = 'At most 30 photos and voice notes an hour in one conversation: you can send another in 60 min.';
    const refused = await send(a, matchId, late.mediaId, 'voice');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'LIMIT_REACHED', message: said });
    // Over it, a new upload is refused before its file is read, with the same words and a Retry-After to match.
    const upfront = await upload(a, matchId, webm, voice);
    expect(upfront.statusCode).toBe(429);
    expect(upfront.json()).toMatchObject({ code: 'LIMIT_REACHED', message: said });
    expect(Number(upfront.headers['retry-after'])).toBeGreaterThan(3_500);
    expect(Number(upfront.headers['retry-after'])).toBeLessThanOrEqual(3_600);
    // Text is not limited by it.
    expect((await a.request('POST', '/api/messages', { matchId, content: 'still here' })).statusCode).toBe(201);
  });

  it('her data export holds the files she sent, not those she received', async () => {
    const { a, b, matchId } = await pair(['Quin', 'Rae']);
    const webm = await readFile(path.join(FIXTURES, 'voice-chromium.webm'));
    const mine = await uploaded(a, matchId, webm, { contentType: 'audio/webm', waveform: WAVE });
    await send(a, matchId, mine.mediaId, 'voice');
    const theirs = await uploaded(b, matchId, await jpegWithGps(300, 200));
    await send(b, matchId, theirs.mediaId, 'image');
    const exported = (await a.request('GET', '/api/account/export')).json<{
      chatMedia: Array<{ kind: string; contentType: string; dataBase64: string | null; matchId: string }>;
    }>();
    expect(exported.chatMedia).toHaveLength(1);
    expect(exported.chatMedia[0]).toMatchObject({ kind: 'voice', contentType: 'audio/webm', matchId });
    expect(Buffer.from(exported.chatMedia[0]?.dataBase64 ?? '', 'base64').equals(webm)).toBe(true);
  });
});

describe('media ends with the conversation and the account', () => {
  it('after an unmatch: no access for either member, and the files are deleted by the job', async () => {
    const { a, b, matchId } = await pair(['Gia', 'Hal']);
    const media = await uploaded(a, matchId, await jpegWithGps(300, 200));
    await send(a, matchId, media.mediaId, 'image');
    const key = await keyOf(media.mediaId);
    expect(await stored(key)).toBe(true);
    expect((await b.request('DELETE', `/api/matches/${matchId}`)).statusCode).toBe(200);
    expect((await get(a, media.mediaId)).statusCode).toBe(404);
    expect((await get(b, media.mediaId)).statusCode).toBe(404);
    // The sweep is queued by a listener after the answer: wait for it, then run it.
    await t.app.events.drain();
    await t.app.jobs.runDue();
    expect(await stored(key)).toBe(false);
    expect(await t.database.db.select().from(chatMedia).where(eq(chatMedia.id, media.mediaId))).toHaveLength(0);
  });

  it('after a block: no access for either member', async () => {
    const { a, b, matchId } = await pair(['Ida', 'Jo']);
    const media = await uploaded(a, matchId, await jpegWithGps(300, 200));
    await send(a, matchId, media.mediaId, 'image');
    expect((await b.request('POST', '/api/blocks', { blockedUserId: a.user.id })).statusCode).toBe(201);
    expect((await get(a, media.mediaId)).statusCode).toBe(404);
    expect((await get(b, media.mediaId)).statusCode).toBe(404);
  });

  it('after account deletion: her files are deleted', async () => {
    const { a, b, matchId } = await pair(['Kai', 'Lou']);
    const mine = await uploaded(a, matchId, await jpegWithGps(300, 200));
    await send(a, matchId, mine.mediaId, 'image');
    const theirs = await uploaded(b, matchId, await jpegWithGps(300, 200));
    await send(b, matchId, theirs.mediaId, 'image');
    const keys = [await keyOf(mine.mediaId), await keyOf(theirs.mediaId)];
    const deleted = await a.request('DELETE', '/api/account', { password: 'Secret_123' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(b, mine.mediaId)).statusCode).toBe(404);
    await t.app.events.drain();
    await t.app.jobs.runDue();
    // Both files of the conversation are gone: it ended with her account.
    expect(await stored(keys[0] ?? '')).toBe(false);
    expect(await stored(keys[1] ?? '')).toBe(false);
  });

  it('an upload never sent is deleted by the job after an hour', async () => {
    const { a, matchId } = await pair(['Mia', 'Noa']);
    const media = await uploaded(a, matchId, await jpegWithGps(300, 200));
    const key = await keyOf(media.mediaId);
    await t.app.jobs.runDue(new Date(Date.now() + 5 * 60_000));
    expect(await stored(key)).toBe(true);
    // The periodic sweep, an hour and ten minutes later.
    await t.app.jobs.runDue(new Date(Date.now() + 70 * 60_000));
    expect(await stored(key)).toBe(false);
    expect((await send(a, matchId, media.mediaId, 'image')).statusCode).toBe(409);
  });
});

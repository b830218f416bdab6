import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../../contract/chat';
import { WAVEFORM_BARS, type MediaUpload } from '../../../contract/chat-media';
import type { MemberCase } from '../../../contract/moderation';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { createMatch } from '../../test/matches';
import { member, setProfile } from '../../test/members';
import { form } from '../../test/multipart';

let t: TestApp;
let folder: string;
const WAVE = Array.from({ length: WAVEFORM_BARS }, (_, i) => (i * 5) % 101).join(',');
const voiceFile = () => readFile(path.resolve(import.meta.dirname, '../chat/fixtures/voice-chromium.webm'));

beforeAll(async () => {
  t = await createTestApp();
  folder = path.resolve(t.config.DATA_DIR, 'report-media');
});
afterAll(() => t.close());

const frozenFiles = async () => readdir(folder).catch(() => [] as string[]);

async function sendMedia(
  from: Client,
  matchId: string,
  data: Buffer,
  kind: 'image' | 'voice',
  extra: { viewOnce?: boolean } = {},
): Promise<Message> {
  const { payload, headers } = form([
    ...(extra.viewOnce ? [{ name: 'viewOnce', value: 'true' }] : []),
    ...(kind === 'voice' ? [{ name: 'waveform', value: WAVE }] : []),
    { name: 'file', filename: 'f', contentType: kind === 'voice' ? 'audio/webm' : 'image/png', data },
  ]);
  const uploaded = await from.request('POST', `/api/matches/${matchId}/media`, payload, headers);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const sent = await from.request('POST', '/api/messages', {
    matchId,
    messageType: kind,
    mediaId: uploaded.json<MediaUpload>().mediaId,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  return sent.json<Message>();
}

describe('a report with "Include our recent messages"', () => {
  it('freezes copies of the photos and voice notes for moderators; they outlive the conversation and her account', async () => {
    const ana = await member(t);
    const bea = await member(t);
    const other = await member(t);
    const mod = await member(t);
    await setProfile(t, mod, { role: 'moderator' });
    const matchId = await createMatch(t.database.db, ana.user.id, bea.user.id);

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    const voice = await voiceFile();
    expect((await bea.request('POST', '/api/messages', { matchId, content: 'hey' })).statusCode).toBe(201);
    await sendMedia(bea, matchId, png, 'image');
    await sendMedia(bea, matchId, voice, 'voice');
    await sendMedia(bea, matchId, png, 'image', { viewOnce: true });

    const filed = await ana.request('POST', '/api/reports', {
      reportedUserId: bea.user.id,
      reason: 'harassment_or_bullying',
      matchId,
      includeMessages: true,
    });
    expect(filed.statusCode, filed.body).toBe(202);
    expect(await frozenFiles()).toHaveLength(3);

    const opened = await mod.request('GET', `/api/moderation/members/${bea.user.id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const messages = opened.json<MemberCase>().reports[0]?.messages ?? [];
    expect(messages.map((m) => m.messageType)).toEqual(['text', 'image', 'voice', 'image']);
    expect(messages[0]?.media).toBeNull();
    const [photo, note, viewOnce] = messages.slice(1).map((m) => m.media);
    expect(note).toMatchObject({ contentType: 'audio/webm', viewOnce: false });
    expect(note?.waveform).toHaveLength(WAVEFORM_BARS);
    // A view-once photo not opened yet is frozen too: she reports what she was sent; only moderators see it.
    expect(viewOnce).toMatchObject({ contentType: 'image/webp', viewOnce: true });
    const urls = [photo?.url ?? '', note?.url ?? '', viewOnce?.url ?? ''];

    // The reported member unmatches and deletes her account: the conversation's files are swept.
    expect((await bea.request('DELETE', `/api/matches/${matchId}`)).statusCode).toBe(200);
    expect((await bea.request('DELETE', '/api/account', { password: 'Secret_123' })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await readdir(path.resolve(t.config.DATA_DIR, 'chat-media'))).toHaveLength(0);

    const frozenPhoto = await mod.request('GET', urls[0] ?? '');
    expect(frozenPhoto.statusCode).toBe(200);
    expect(frozenPhoto.headers['content-type']).toBe('image/webp');
    expect(frozenPhoto.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(frozenPhoto.rawPayload).metadata()).width).toBe(40);
    const frozenVoice = await mod.request('GET', urls[1] ?? '');
    expect(frozenVoice.statusCode).toBe(200);
    expect(frozenVoice.rawPayload.equals(voice)).toBe(true);
    expect((await mod.request('GET', urls[2] ?? '')).statusCode).toBe(200);

    // Moderators only: the reporter and any other member are refused; visitors too.
    for (const url of urls) {
      expect((await ana.request('GET', url)).statusCode).toBe(403);
      expect((await other.request('GET', url)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }

    // The report goes with its author's account (its row is deleted): so do the frozen files.
    expect((await ana.request('DELETE', '/api/account', { password: 'Secret_123' })).statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await frozenFiles()).toHaveLength(0);
    for (const url of urls) expect((await mod.request('GET', url)).statusCode).toBe(404);
  });

  it('an opened view-once photo has nothing left to freeze: the message is kept without a file', async () => {
    const cy = await member(t);
    const dee = await member(t);
    const mod = await member(t);
    await setProfile(t, mod, { role: 'moderator' });
    const matchId = await createMatch(t.database.db, cy.user.id, dee.user.id);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } })
      .png()
      .toBuffer();
    const before = (await frozenFiles()).length;
    const sent = await sendMedia(dee, matchId, png, 'image', { viewOnce: true });
    expect((await cy.request('POST', `/api/media/${sent.media?.id ?? ''}/open`)).statusCode).toBe(200);
    const filed = await cy.request('POST', '/api/reports', {
      reportedUserId: dee.user.id,
      reason: 'inappropriate_photos',
      matchId,
      includeMessages: true,
    });
    expect(filed.statusCode, filed.body).toBe(202);
    expect(await frozenFiles()).toHaveLength(before);
    const messages = (await mod.request('GET', `/api/moderation/members/${dee.user.id}`)).json<MemberCase>().reports[0]
      ?.messages;
    expect(messages).toMatchObject([{ messageType: 'image', media: null }]);
  });
});

import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserBadgeList } from '../../../contract/badges';
import type { DiscoveryPage } from '../../../contract/discovery';
import type {
  PhotoAnalysisResult,
  VerificationQueue,
  VerificationRecord,
  VerificationRequestResponse,
  VerificationReview,
} from '../../../contract/verification';
import { users, verificationSelfies } from '../../test/tables';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { like } from '../../test/members';
import { multipart } from '../profiles/test-factories';
import { COPIED_PHOTO_REASON, NO_FACE_REASON } from './analysis';
import { PHOTO_ADDED_NOTE } from './service';

let t: TestApp;
let selfieRoot: string;
let mediaRoot: string;
beforeAll(async () => {
  t = await createTestApp();
  selfieRoot = path.resolve(t.config.DATA_DIR, 'verification-selfies');
  mediaRoot = path.resolve(t.config.DATA_DIR, 'media');
});
afterAll(() => t.close());

const PORTRAIT = path.resolve(import.meta.dirname, 'fixtures/portrait-public-domain.jpg');
// Missoula, Montana: nobody else in the test suites lives near here, so discovery is predictable.
const here = { location: 'Missoula, Montana' };

/** A sharp, well-exposed 1000×1000 photo of random coloured blocks: every call a different picture. */
async function detailedPhoto(size = 1000): Promise<Buffer> {
  const cells = 25;
  const colours = randomBytes(cells * cells * 3);
  const raw = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const cell = (Math.floor((y * cells) / size) * cells + Math.floor((x * cells) / size)) * 3;
      const at = (y * size + x) * 3;
      // Kept in the mid-tones, so the photo is never too dark or too bright.
      for (let c = 0; c < 3; c += 1) raw[at + c] = 60 + ((colours[cell + c] ?? 0) % 140);
    }
  }
  return sharp(raw, { raw: { width: size, height: size, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * Her face, alone: the public-domain portrait on a fresh background of random blocks, so the face
 * model finds one face and no two calls are the same picture to the perceptual hash.
 */
async function facePhoto(): Promise<Buffer> {
  const face = await sharp(await readFile(PORTRAIT))
    .resize(500, 500, { fit: 'cover' })
    .toBuffer();
  return sharp(await detailedPhoto())
    .composite([{ input: face, left: 250, top: 250 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function uploadPhoto(client: Client, data: Buffer) {
  const { payload, headers } = multipart([{ filename: 'photo.jpg', contentType: 'image/jpeg', data }]);
  const response = await client.request('POST', `/api/users/${client.user.id}/photos`, payload, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ photos: Array<{ id: string; url: string }> }>().photos;
}

async function uploadSelfie(client: Client, data: Buffer, userId = client.user.id) {
  const { payload, headers } = multipart([
    { field: 'selfie', filename: 'selfie.jpg', contentType: 'image/jpeg', data },
  ]);
  return client.request('POST', `/api/users/${userId}/verification/selfie`, payload, headers);
}

async function record(client: Client): Promise<VerificationRecord> {
  const response = await client.request('GET', `/api/users/verification/${client.user.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VerificationRecord>();
}

/** Runs the background analysis (the worker is off in tests) and returns her finished results. */
async function analyse(client: Client): Promise<PhotoAnalysisResult> {
  const first = await client.request('POST', `/api/users/${client.user.id}/photos/analyze`);
  expect(first.statusCode, first.body).toBe(200);
  await t.app.jobs.runDue();
  const response = await client.request('POST', `/api/users/${client.user.id}/photos/analyze`);
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<PhotoAnalysisResult>();
  expect(result.state).toBe('complete');
  return result;
}

async function memberWithPhotos(photos?: Buffer[]): Promise<Client> {
  const client = await signUp(t.app, here);
  for (const photo of photos ?? [await facePhoto(), await detailedPhoto(), await detailedPhoto()]) {
    await uploadPhoto(client, photo);
  }
  return client;
}

async function moderator(): Promise<Client> {
  const client = await signUp(t.app, { location: 'Helena, Montana' });
  await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, client.user.id));
  return client;
}

async function requestAndSendSelfie(client: Client): Promise<string> {
  expect((await analyse(client)).passed).toBe(true);
  const requested = await client.request('POST', `/api/users/${client.user.id}/request-verification`);
  expect(requested.statusCode, requested.body).toBe(200);
  const sent = await uploadSelfie(client, await readFile(PORTRAIT));
  expect(sent.statusCode, sent.body).toBe(201);
  const [row] = await t.database.db
    .select({ id: verificationSelfies.id })
    .from(verificationSelfies)
    .where(eq(verificationSelfies.userId, client.user.id));
  if (!row) throw new Error('no selfie row');
  return row.id;
}

describe('the verification record', () => {
  it('starts not started, with the 3-photo minimum, for her alone', async () => {
    const ana = await signUp(t.app, here);
    expect(await record(ana)).toMatchObject({
      isVerified: false,
      verificationStatus: 'not_started',
      verificationNotes: null,
      photos: [],
      minPhotosRequired: 3,
      hasRequiredPhotos: false,
      socialVerified: false,
      instagramHandle: null,
      pose: null,
    });
    const other = await signUp(t.app, here);
    expect((await other.request('GET', `/api/users/verification/${ana.user.id}`)).statusCode).toBe(403);
  });
});

describe('requesting verification', () => {
  it('is refused with fewer than 3 photos, and changes nothing', async () => {
    const ana = await memberWithPhotos([await detailedPhoto(), await detailedPhoto()]);
    const response = await ana.request('POST', `/api/users/${ana.user.id}/request-verification`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/at least 3 photos/);
    expect((await ana.request('POST', `/api/users/${ana.user.id}/photos/analyze`)).statusCode).toBe(400);
    expect(await record(ana)).toMatchObject({
      verificationStatus: 'not_started',
      pose: null,
      hasRequiredPhotos: false,
    });
  });

  it('answers with a random pose; the selfie makes it pending; a second request is refused', async () => {
    const ana = await memberWithPhotos();
    await analyse(ana);
    expect((await uploadSelfie(ana, await readFile(PORTRAIT))).statusCode).toBe(409);

    const response = await ana.request('POST', `/api/users/${ana.user.id}/request-verification`);
    expect(response.statusCode, response.body).toBe(200);
    const { pose, record: afterRequest } = response.json<VerificationRequestResponse>();
    expect(pose.length).toBeGreaterThan(10);
    expect(afterRequest).toMatchObject({ verificationStatus: 'not_started', pose, hasRequiredPhotos: true });

    const sent = await uploadSelfie(ana, await readFile(PORTRAIT));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ verificationStatus: 'pending', pose, selfieSubmitted: true });
    expect((await ana.request('POST', `/api/users/${ana.user.id}/request-verification`)).statusCode).toBe(409);
    expect((await uploadSelfie(ana, await readFile(PORTRAIT))).statusCode).toBe(409);
  });

  it('refuses a selfie that is not an image, and for anyone but herself', async () => {
    const ana = await memberWithPhotos();
    await analyse(ana);
    expect((await ana.request('POST', `/api/users/${ana.user.id}/request-verification`)).statusCode).toBe(200);
    const notImage = await uploadSelfie(ana, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(notImage.statusCode).toBe(415);
    const other = await signUp(t.app, here);
    expect((await uploadSelfie(other, await readFile(PORTRAIT), ana.user.id)).statusCode).toBe(403);
    expect(await record(ana)).toMatchObject({ verificationStatus: 'not_started', selfieSubmitted: false });
  });
});

describe('the photo check before a request', () => {
  it('refuses the request, naming the unmet requirement, until the check passes; then accepts it', async () => {
    const ana = await memberWithPhotos();
    const request = () => ana.request('POST', `/api/users/${ana.user.id}/request-verification`);
    // Some photos still being analysed in the background: not yet.
    const early = await request();
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/check of your photos to finish/);

    const faceless = await memberWithPhotos([await detailedPhoto(), await detailedPhoto(), await detailedPhoto()]);
    const check = await analyse(faceless);
    expect(check.passed).toBe(false);
    expect(check.requirements.filter((r) => !r.met).map((r) => r.id)).toEqual(['face_alone']);
    // Every tile says why, as the summary does: no "Looks good" beside "Face: Not found".
    expect(check.overallScores?.faceVerificationPassed).toBe(false);
    expect(check.photos.map((p) => [p.passed, p.reasons])).toEqual(Array(3).fill([false, [NO_FACE_REASON]]));
    const refused = await faceless.request('POST', `/api/users/${faceless.user.id}/request-verification`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/your face, alone, in at least one photo/);
    expect((await record(faceless)).pose).toBeNull();

    await uploadPhoto(faceless, await facePhoto());
    const fixed = await analyse(faceless);
    expect(fixed.passed).toBe(true);
    expect(fixed.photos.every((p) => p.passed)).toBe(true);
    const accepted = await faceless.request('POST', `/api/users/${faceless.user.id}/request-verification`);
    expect(accepted.statusCode, accepted.body).toBe(200);

    await analyse(ana);
    expect((await request()).statusCode).toBe(200);
  });

  it('is the same result on every endpoint that returns it, before and after approval', async () => {
    const ana = await memberWithPhotos([await facePhoto(), await detailedPhoto(), await detailedPhoto(200)]);
    const analysed = await analyse(ana);
    expect(analysed.requirements.find((r) => r.id === 'photos_pass')).toMatchObject({
      met: false,
      todo: 'Replace photo 3: too small',
    });
    expect((await record(ana)).photoCheck).toEqual(analysed);
    const refused = await ana.request('POST', `/api/users/${ana.user.id}/request-verification`);
    expect(refused.json().message).toMatch(/Replace photo 3: too small/);

    const [, , small] = (await ana.request('GET', `/api/users/${ana.user.id}/photos`)).json<{
      photos: Array<{ id: string }>;
    }>().photos;
    expect((await ana.request('DELETE', `/api/users/${ana.user.id}/photos/${small?.id}`)).statusCode).toBe(200);
    await uploadPhoto(ana, await detailedPhoto());
    const requestId = await requestAndSendSelfie(ana);
    const check = await analyse(ana);
    expect(check.passed).toBe(true);
    expect((await record(ana)).photoCheck).toEqual(check);
    const mod = await moderator();
    const review = (await mod.request('GET', `/api/moderation/verifications/${requestId}`)).json<VerificationReview>();
    expect(review.analysis).toEqual(check);

    await mod.request('POST', `/api/moderation/verifications/${requestId}/approve`, {});
    const approved = await record(ana);
    expect(approved).toMatchObject({ isVerified: true, analysisPassed: true });
    expect(approved.photoCheck).toEqual(await analyse(ana));
  });
});

describe('photo analysis', () => {
  it('scores a sharp photo above its blurred copy, and fails a 200×200 photo as too small', async () => {
    const sharpPhoto = await detailedPhoto();
    const blurred = await sharp(sharpPhoto).blur(10).jpeg().toBuffer();
    const tiny = await detailedPhoto(200);
    const ana = await memberWithPhotos([sharpPhoto, blurred, tiny, await facePhoto()]);

    const pending = await ana.request('POST', `/api/users/${ana.user.id}/photos/analyze`);
    expect(pending.json<PhotoAnalysisResult>()).toMatchObject({ state: 'analyzing', overallScores: null });

    const result = await analyse(ana);
    const [clear, soft, small] = result.photos;
    expect(clear).toMatchObject({ analyzed: true, reasons: [], passed: true, authenticityScore: 100 });
    expect(soft?.reasons).toContain('blurry');
    expect(clear?.qualityScore ?? 0).toBeGreaterThan((soft?.qualityScore ?? 100) + 15);
    expect(small?.reasons).toContain('too small');
    expect(small?.passed).toBe(false);
    expect(result.passed).toBe(false);
    expect(result.overallScores?.qualityScore).toBeGreaterThan(0);
  });

  it('fails a dark photo as too dark', async () => {
    const dark = await sharp(await detailedPhoto())
      .linear(0.15, 0)
      .jpeg()
      .toBuffer();
    const ana = await memberWithPhotos([dark, await detailedPhoto(), await detailedPhoto()]);
    const result = await analyse(ana);
    expect(result.photos[0]?.reasons).toContain('too dark');
  });

  it('fails authenticity for the second account that uploads the same photo, not the first', async () => {
    const stolen = await detailedPhoto();
    const owner = await memberWithPhotos([stolen, await detailedPhoto(), await detailedPhoto()]);
    // Re-encoded and resized, as a copy saved from a screen would be.
    const copy = await sharp(stolen).resize(900).jpeg({ quality: 70 }).toBuffer();
    const thief = await memberWithPhotos([copy, await detailedPhoto(), await detailedPhoto()]);

    const theirs = await analyse(thief);
    expect(theirs.photos[0]).toMatchObject({ authenticityScore: 0, passed: false });
    expect(theirs.photos[0]?.reasons).toContain(COPIED_PHOTO_REASON);
    expect(theirs.photos[1]).toMatchObject({ authenticityScore: 100 });
    expect(theirs.overallScores?.authenticityScore).toBe(67);
    // Nothing about the other account is in the answer.
    expect(JSON.stringify(theirs)).not.toContain(owner.user.id);

    const hers = await analyse(owner);
    expect(hers.photos.map((p) => p.authenticityScore)).toEqual([100, 100, 100]);
  });

  it('finds no face in a generated image and exactly one in the public-domain portrait', async () => {
    const portrait = await sharp(await readFile(PORTRAIT))
      .resize(900)
      .jpeg()
      .toBuffer();
    const ana = await memberWithPhotos([await detailedPhoto(), portrait, await detailedPhoto()]);
    const result = await analyse(ana);
    expect(result.faceModelAvailable).toBe(true);
    expect(result.photos.map((p) => p.faceCount)).toEqual([0, 1, 0]);
    expect(result.photos.map((p) => p.faceVerificationPassed)).toEqual([false, true, false]);
    expect(result.overallScores?.faceVerificationPassed).toBe(true);

    const faceless = await memberWithPhotos([await detailedPhoto(), await detailedPhoto(), await detailedPhoto()]);
    const none = await analyse(faceless);
    expect(none.overallScores?.faceVerificationPassed).toBe(false);
    expect(none.passed).toBe(false);
  });
});

describe('moderator review', () => {
  it('is for moderators only: members get 403 on the queue, a request and both decisions', async () => {
    const ana = await memberWithPhotos();
    const requestId = await requestAndSendSelfie(ana);
    const member = await signUp(t.app, here);
    for (const [method, url] of [
      ['GET', '/api/moderation/verifications'],
      ['GET', `/api/moderation/verifications/${requestId}`],
      ['POST', `/api/moderation/verifications/${requestId}/approve`],
      ['POST', `/api/moderation/verifications/${requestId}/reject`],
    ] as const) {
      const response = await member.request(method, url, method === 'POST' ? { note: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await record(ana)).toMatchObject({ verificationStatus: 'pending' });
  });

  it('flags a selfie that is the same picture as one of her profile photos, or as another member’s', async () => {
    const mod = await moderator();
    const reviewOf = async (requestId: string) =>
      (await mod.request('GET', `/api/moderation/verifications/${requestId}`)).json<VerificationReview>();
    const sendSelfie = async (client: Client, selfie: Buffer) => {
      await analyse(client);
      const asked = await client.request('POST', `/api/users/${client.user.id}/request-verification`);
      expect(asked.statusCode, asked.body).toBe(200);
      expect((await uploadSelfie(client, selfie)).statusCode).toBe(201);
      const [row] = await t.database.db
        .select({ id: verificationSelfies.id })
        .from(verificationSelfies)
        .where(eq(verificationSelfies.userId, client.user.id));
      if (!row) throw new Error('no selfie row');
      return row.id;
    };

    // Her own profile photo, re-sent as the selfie (re-encoded smaller: still the same picture).
    const own = await detailedPhoto();
    const ana = await memberWithPhotos([own, await facePhoto(), await detailedPhoto()]);
    const copy = await sharp(own).resize(600).jpeg({ quality: 70 }).toBuffer();
    const review = await reviewOf(await sendSelfie(ana, copy));
    expect(review.selfieCopiedFrom).toBe('her_profile_photo');

    // Someone else's published photo: flagged, without saying whose.
    const bea = await memberWithPhotos();
    const beaReview = await reviewOf(await sendSelfie(bea, own));
    expect(beaReview.selfieCopiedFrom).toBe('another_members_photo');
    expect(JSON.stringify(beaReview)).not.toContain(ana.user.id);

    // A picture nobody published: no flag.
    const cleo = await memberWithPhotos();
    expect((await reviewOf(await sendSelfie(cleo, await detailedPhoto()))).selfieCopiedFrom).toBeNull();
  });

  it('shows the pose, the selfie and her photos; nobody else can reach the selfie', async () => {
    const ana = await memberWithPhotos();
    const requestId = await requestAndSendSelfie(ana);
    const mod = await moderator();

    const queue = (await mod.request('GET', '/api/moderation/verifications')).json<VerificationQueue>();
    const item = queue.requests.find((r) => r.id === requestId);
    expect(item).toMatchObject({ user: { id: ana.user.id, name: ana.user.name }, overdue: false });
    expect(item?.user.photos).toHaveLength(3);

    const review = await mod.request('GET', `/api/moderation/verifications/${requestId}`);
    expect(review.statusCode).toBe(200);
    expect(review.headers['cache-control']).toBe('no-store');
    const body = review.json<VerificationReview>();
    expect(body.pose).toBe((await record(ana)).pose);
    expect(body.selfieDataUrl).toMatch(/^data:image\/webp;base64,/);
    expect(body.analysis.photos).toHaveLength(3);

    // The selfie has no URL: it is not in the public media folder, and her own record does not carry it.
    const [selfieFile] = await readdir(selfieRoot);
    expect(selfieFile).toBeDefined();
    expect(await readdir(mediaRoot)).not.toContain(selfieFile);
    const other = await signUp(t.app, here);
    for (const url of [
      `/media/${selfieFile}`,
      `/media/../verification-selfies/${selfieFile}`,
      `/verification-selfies/${selfieFile}`,
    ]) {
      const response = await other.request('GET', url);
      expect(response.statusCode, url).toBe(404);
    }
    expect((await other.request('GET', `/api/moderation/verifications/${requestId}`)).statusCode).toBe(403);
    expect(JSON.stringify(await record(ana))).not.toContain(selfieFile);
  });

  it('approve: verified, the badge on her discovery card, the selfie file and row deleted', async () => {
    const ana = await memberWithPhotos();
    const requestId = await requestAndSendSelfie(ana);
    const filesBefore = await readdir(selfieRoot);
    expect(filesBefore.length).toBeGreaterThan(0);
    const mod = await moderator();
    const verifiedBadge = async () =>
      (await ana.request('GET', `/api/users/${ana.user.id}/badges`))
        .json<UserBadgeList>()
        .badges.find((b) => b.id === 'verified');
    expect(await verifiedBadge()).toMatchObject({ id: 'verified', earnedAt: null });

    const response = await mod.request('POST', `/api/moderation/verifications/${requestId}/approve`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ userId: ana.user.id, status: 'verified' });
    // The 'verification.approved' event earns her the Verified badge (badges listen; awarding is off the request path).
    await expect.poll(async () => (await verifiedBadge())?.earnedAt ?? null, { timeout: 5000 }).not.toBeNull();

    expect(await record(ana)).toMatchObject({
      isVerified: true,
      verificationStatus: 'verified',
      pose: null,
      selfieSubmitted: false,
    });
    const rows = await t.database.db.select().from(verificationSelfies).where(eq(verificationSelfies.id, requestId));
    expect(rows).toEqual([]);
    const filesAfter = await readdir(selfieRoot);
    expect(filesAfter.length).toBe(filesBefore.length - 1);
    expect((await mod.request('POST', `/api/moderation/verifications/${requestId}/approve`, {})).statusCode).toBe(404);

    const viewer = await signUp(t.app, here);
    const feed = (await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?limit=50`)).json<DiscoveryPage>();
    expect(feed.users.find((u) => u.id === ana.user.id)).toMatchObject({ isVerified: true });
    expect((await viewer.request('GET', `/api/users/${ana.user.id}`)).json()).toMatchObject({ isVerified: true });
  });

  it('reject: her note, a retry only after 24 hours, the selfie file and row deleted', async () => {
    const ana = await memberWithPhotos();
    const requestId = await requestAndSendSelfie(ana);
    const [selfieKey] = (
      await t.database.db.select().from(verificationSelfies).where(eq(verificationSelfies.id, requestId))
    ).map((r) => r.storageKey);
    const mod = await moderator();
    expect(
      (await mod.request('POST', `/api/moderation/verifications/${requestId}/reject`, { note: '' })).statusCode,
    ).toBe(400);

    const response = await mod.request('POST', `/api/moderation/verifications/${requestId}/reject`, {
      note: 'Your hand is not visible in the selfie.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await record(ana);
    expect(after).toMatchObject({
      isVerified: false,
      verificationStatus: 'rejected',
      verificationNotes: 'Your hand is not visible in the selfie.',
      selfieSubmitted: false,
    });
    expect(new Date(after.retryAfter ?? 0).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await readdir(selfieRoot)).not.toContain(selfieKey);
    expect(
      await t.database.db.select().from(verificationSelfies).where(eq(verificationSelfies.userId, ana.user.id)),
    ).toEqual([]);

    const tooSoon = await ana.request('POST', `/api/users/${ana.user.id}/request-verification`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/again after/);
  });

  it('flags requests waiting more than 24 hours as overdue', async () => {
    const ana = await memberWithPhotos();
    const requestId = await requestAndSendSelfie(ana);
    await t.database.db
      .update(verificationSelfies)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(verificationSelfies.id, requestId));
    const mod = await moderator();
    const queue = (await mod.request('GET', '/api/moderation/verifications')).json<VerificationQueue>();
    expect(queue.requests.find((r) => r.id === requestId)?.overdue).toBe(true);
  });

  it('a moderator cannot approve her own request', async () => {
    const mod = await moderator();
    for (const photo of [await facePhoto(), await detailedPhoto(), await detailedPhoto()])
      await uploadPhoto(mod, photo);
    const requestId = await requestAndSendSelfie(mod);
    expect((await mod.request('POST', `/api/moderation/verifications/${requestId}/approve`, {})).statusCode).toBe(403);
  });
});

describe('losing verification', () => {
  it('a new photo after approval takes the badge away; deleting one keeps it', async () => {
    const ana = await memberWithPhotos();
    const requestId = await requestAndSendSelfie(ana);
    const mod = await moderator();
    await mod.request('POST', `/api/moderation/verifications/${requestId}/approve`, {});

    const photos = await uploadPhoto(ana, await detailedPhoto());
    await vi.waitFor(async () =>
      expect(await record(ana)).toMatchObject({ isVerified: false, verificationStatus: 'not_started' }),
    );
    expect((await record(ana)).verificationNotes).toBe(PHOTO_ADDED_NOTE);

    const bea = await memberWithPhotos();
    const beaRequest = await requestAndSendSelfie(bea);
    await mod.request('POST', `/api/moderation/verifications/${beaRequest}/approve`, {});
    const [first] = (await bea.request('GET', `/api/users/${bea.user.id}/photos`)).json<{
      photos: Array<{ id: string }>;
    }>().photos;
    expect((await bea.request('DELETE', `/api/users/${bea.user.id}/photos/${first?.id}`)).statusCode).toBe(200);
    expect(await record(bea)).toMatchObject({ isVerified: true });
    expect(photos).toHaveLength(4);
  });
});

describe('social handles', () => {
  it('stores handles (empty ones removed, @ dropped) and validates each network', async () => {
    const ana = await signUp(t.app, here);
    const url = `/api/users/${ana.user.id}/social-verification`;
    const saved = await ana.request('PUT', url, {
      instagramHandle: '@ana.rose_',
      tiktokHandle: '',
      twitterHandle: 'ana_r',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      instagramHandle: 'ana.rose_',
      tiktokHandle: null,
      twitterHandle: 'ana_r',
      socialVerified: true,
    });

    for (const body of [
      { instagramHandle: 'https://instagram.com/ana' },
      { instagramHandle: 'ana..rose' },
      { instagramHandle: 'a'.repeat(31) },
      { tiktokHandle: 'a' },
      { twitterHandle: 'ana.rose' },
      { twitterHandle: 'a'.repeat(16) },
      { twitterHandle: 42 },
    ]) {
      const response = await ana.request('PUT', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors?.[0]?.message).toBeTruthy();
    }
    expect(await record(ana)).toMatchObject({ instagramHandle: 'ana.rose_', twitterHandle: 'ana_r' });

    const cleared = await ana.request('PUT', url, {});
    expect(cleared.json()).toMatchObject({ instagramHandle: null, twitterHandle: null, socialVerified: false });
  });

  it('are shown to her matches only when she turns sharing on; never to others', async () => {
    const ana = await signUp(t.app, here);
    const match = await signUp(t.app, here);
    const stranger = await signUp(t.app, here);
    await like(ana, match);
    await like(match, ana);
    await ana.request('PUT', `/api/users/${ana.user.id}/social-verification`, { instagramHandle: 'ana.rose' });

    const seen = async (viewer: Client) =>
      (await viewer.request('GET', `/api/verification/social-handles/${ana.user.id}`)).json<{ handles: unknown }>()
        .handles;
    expect(await seen(match)).toBeNull();

    const on = await ana.request('PUT', `/api/users/${ana.user.id}/social-verification/visibility`, {
      showSocialHandles: true,
    });
    expect(on.json()).toMatchObject({ showSocialHandles: true });
    expect(await seen(match)).toMatchObject({ instagramHandle: 'ana.rose' });
    expect(await seen(stranger)).toBeNull();
    const publicProfile = await stranger.request('GET', `/api/users/${ana.user.id}`);
    expect(publicProfile.body).not.toContain('ana.rose');
  });
});

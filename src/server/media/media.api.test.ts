import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../test/tables';
import { createTestApp, signUp, type Client, type TestApp } from '../test/harness';
import { multipart, smallImage } from '../features/profiles/test-factories';
import { startLocalS3, type LocalS3 } from '../test/s3rver';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { diskMediaSpaces } from './spaces';
import type { MediaSpaces } from './storage';

async function uploadPhoto(client: Client) {
  const { payload, headers } = multipart([
    { filename: 'photo.png', contentType: 'image/png', data: await smallImage('png', 400, 400) },
  ]);
  const response = await client.request('POST', `/api/users/${client.user.id}/photos`, payload, headers);
  expect(response.statusCode).toBe(201);
  return response.json().photos as Array<{ id: string; url: string; thumbnailUrl: string }>;
}

describe('photos in an S3 bucket (MEDIA_STORE=s3)', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp(s3.env);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores the upload in the bucket under public/photos and serves it at /media/<key>', async () => {
    const ana = await signUp(t.app, { name: 'Ana' });
    const [photo] = await uploadPhoto(ana);
    expect(photo!.url).toMatch(/^\/media\/[0-9a-f]{32}\.webp$/);
    const key = photo!.url.slice('/media/'.length);
    const inBucket = await fetch(`${s3.endpoint}/${s3.bucket}/public/photos/${key}`);
    expect(inBucket.status).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: photo!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(Buffer.from(await inBucket.arrayBuffer()))).toBe(true);
  });

  it('deleting the photo queues the file deletion with the row and removes it from the bucket', async () => {
    const bea = await signUp(t.app, { name: 'Bea' });
    const [photo] = await uploadPhoto(bea);
    const key = photo!.url.slice('/media/'.length);
    expect((await bea.request('DELETE', `/api/users/${bea.user.id}/photos/${photo!.id}`)).statusCode).toBe(200);
    expect((await fetch(`${s3.endpoint}/${s3.bucket}/public/photos/${key}`)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: photo!.url })).statusCode).toBe(404);
    // The queued job runs too and finds nothing left to delete: no error, no retry.
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.kind, 'media.delete'));
    expect(rows.map((r) => r.status)).toEqual(['done']);
  });

  it('answers 404 for a key that is not there or not a media key, and never serves private spaces', async () => {
    for (const url of ['/media/0123456789abcdef0123456789abcdef.webp', '/media/..%2Fprivate%2Fx.webp', '/media/x']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('a media store that refuses deletes', () => {
  let t: TestApp;
  let refuse = true;
  let spaces: MediaSpaces;
  beforeAll(async () => {
    spaces = diskMediaSpaces(await mkdtemp(path.join(os.tmpdir(), 'steep-media-refuse-')));
    const photos = spaces.photos;
    const refusing = {
      ...photos,
      async delete(key: string) {
        if (refuse) throw new Error('store unavailable');
        return photos.delete(key);
      },
    };
    t = await createTestApp({}, { media: { ...spaces, photos: refusing } });
  });
  afterAll(() => t.close());

  it('keeps the deletion queued and retries it until the store accepts it', async () => {
    const cleo = await signUp(t.app, { name: 'Cleo' });
    const [photo] = await uploadPhoto(cleo);
    const key = photo!.url.slice('/media/'.length);
    expect((await cleo.request('DELETE', `/api/users/${cleo.user.id}/photos/${photo!.id}`)).statusCode).toBe(200);
    // Still on the store: the delete was refused, the job waits.
    expect((await spaces.photos.get(key)).length).toBeGreaterThan(0);
    const deleteJob = async () => (await t.database.db.select().from(jobs).where(eq(jobs.kind, 'media.delete')))[0];
    await t.app.jobs.runDue();
    expect(await deleteJob()).toMatchObject({ status: 'queued', attempts: 1, lastError: 'store unavailable' });
    expect((await spaces.photos.get(key)).length).toBeGreaterThan(0);
    refuse = false;
    // The retry is due after its backoff.
    await t.app.jobs.runDue(new Date(Date.now() + 60 * 60_000));
    expect(await deleteJob()).toMatchObject({ status: 'done', attempts: 2 });
    await expect(spaces.photos.get(key)).rejects.toThrow('Media not found');
  });
});

import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import exifr from 'exifr';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { photos } from '../../test/tables';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import {
  GPS,
  jpegWithGps,
  multipart,
  pngDeclaring,
  PLANTED_STRINGS,
  smallImage,
  SVG,
  webpMetadata,
  type FilePart,
} from './test-factories';

let t: TestApp;
let mediaRoot: string;
beforeAll(async () => {
  t = await createTestApp();
  mediaRoot = path.resolve(t.config.DATA_DIR, 'media');
});
afterAll(() => t.close());

function upload(client: Client, part: Partial<FilePart> & { data: Buffer }, userId = client.user.id) {
  const { payload, headers } = multipart([{ filename: 'photo.jpg', contentType: 'image/jpeg', ...part }]);
  return client.request('POST', `/api/users/${userId}/photos`, payload, headers);
}

const mediaFiles = () => readdir(mediaRoot);
const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

describe('uploading a photo', () => {
  let ana: Client;
  let original: Buffer;
  let listed: Array<{ id: string; url: string; thumbnailUrl: string }>;

  beforeAll(async () => {
    ana = await signUp(t.app, { name: 'Ana' });
    original = await jpegWithGps(1600, 1200);
  });

  it('the test JPEG really carries GPS, XMP and a rotation', async () => {
    expect(await exifr.gps(original)).toMatchObject({
      latitude: expect.closeTo(GPS.latitude, 2),
      longitude: expect.closeTo(GPS.longitude, 2),
    });
    expect(await exifr.orientation(original)).toBe(6);
    expect(original.toString('latin1')).toContain('Planted XMP Creator');
  });

  it('publishes a 1080 px and a 320 px WebP and returns the photo list', async () => {
    const response = await upload(ana, { data: original });
    expect(response.statusCode).toBe(201);
    listed = response.json().photos;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.webp$/),
      thumbnailUrl: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.webp$/),
    });
    const me = (await ana.request('GET', '/api/auth/me')).json();
    expect(me.photos).toEqual([listed[0]!.url]);
  });

  it('serves every size without any metadata, auto-rotated, with long cache headers and nosniff', async () => {
    const expected = [
      { url: listed[0]!.url, width: 1080, height: 1440 },
      { url: listed[0]!.thumbnailUrl, width: 320, height: 427 },
    ];
    for (const { url, width, height } of expected) {
      const response = await fetchMedia(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(response.headers['cache-control']).toMatch(/immutable/);
      const served = response.rawPayload;
      // The orientation was applied to the pixels: the landscape original is now portrait.
      expect(await sharp(served).metadata()).toMatchObject({ format: 'webp', width, height });
      const meta = await webpMetadata(served);
      expect(meta.chunks).toEqual([]);
      expect(meta.exif).toBeUndefined();
      const sharpMeta = await sharp(served).metadata();
      expect(sharpMeta.exif).toBeUndefined();
      expect(sharpMeta.xmp).toBeUndefined();
      expect(sharpMeta.iptc).toBeUndefined();
      expect(sharpMeta.icc).toBeUndefined();
      const text = served.toString('latin1');
      for (const planted of PLANTED_STRINGS) expect(text).not.toContain(planted);
    }
  });

  it('the metadata check does find GPS in a WebP that kept its metadata (control)', async () => {
    const leaky = await sharp(original).webp().withMetadata().toBuffer();
    const meta = await webpMetadata(leaky);
    expect(meta.chunks).toContain('EXIF');
    expect(meta.exif).toMatchObject({ latitude: expect.closeTo(GPS.latitude, 2), Make: 'PlantedCam' });
  });

  it('never stores the original upload', async () => {
    const files = await mediaFiles();
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(/^[0-9a-f]{32}\.webp$/);
    }
    expect(await photosOnDisk()).not.toContainEqual(original);
  });

  it('accepts a photo far larger than the 1 MB limit for JSON bodies', async () => {
    const noise = await sharp(randomBytes(1200 * 1000 * 3), { raw: { width: 1200, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    const response = await upload(ana, { data: noise, filename: 'noise.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(201);
  });

  it.each(['png', 'webp', 'avif'] as const)('accepts %s by its bytes, whatever the file is called', async (format) => {
    const before = (await ana.request('GET', `/api/users/${ana.user.id}/photos`)).json().photos.length;
    const response = await upload(ana, {
      data: await smallImage(format),
      filename: 'IMG_0001.bin',
      contentType: 'application/octet-stream',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().photos).toHaveLength(before + 1);
  });
});

async function photosOnDisk(): Promise<Buffer[]> {
  const { readFile } = await import('node:fs/promises');
  return Promise.all((await mediaFiles()).map((f) => readFile(path.join(mediaRoot, f))));
}

describe('refused uploads', () => {
  let bo: Client;
  beforeAll(async () => {
    bo = await signUp(t.app, { name: 'Bo' });
  });

  async function expectNothingStored() {
    const rows = await t.database.db.select().from(photos).where(eq(photos.userId, bo.user.id));
    expect(rows).toEqual([]);
  }

  it('a text file renamed .jpg → 415', async () => {
    const filesBefore = await mediaFiles();
    const response = await upload(bo, {
      data: Buffer.from('just some words, definitely not a photo\n'.repeat(20)),
      filename: 'holiday.jpg',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    await expectNothingStored();
    expect(await mediaFiles()).toEqual(filesBefore);
  });

  it.each([
    ['as image/svg+xml', 'drawing.svg', 'image/svg+xml'],
    ['renamed .png', 'drawing.png', 'image/png'],
  ])('an SVG %s → 415', async (_case, filename, contentType) => {
    const response = await upload(bo, { data: SVG, filename, contentType });
    expect(response.statusCode).toBe(415);
    await expectNothingStored();
  });

  it('a PNG declaring 30000×30000 pixels → 413 quickly, from its header', async () => {
    const bomb = pngDeclaring(30_000, 30_000);
    expect(bomb.length).toBeLessThan(100);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const response = await upload(bo, { data: bomb, filename: 'huge.png', contentType: 'image/png' });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Photos can be at most 40 megapixels',
    });
    // Decoding it would need 2.7 GB and seconds; refusing it from the header needs neither.
    expect(elapsed).toBeLessThan(500);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    await expectNothingStored();
  });

  it('a file over 15 MB → 413', async () => {
    const big = Buffer.concat([await smallImage('jpeg'), Buffer.alloc(15 * 1024 * 1024 + 10)]);
    const response = await upload(bo, { data: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Photos can be at most 15 MB' });
    await expectNothingStored();
  });

  it('a JPEG that is only a header → 400, not a 500', async () => {
    const response = await upload(bo, { data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3]) });
    expect(response.statusCode).toBe(400);
    await expectNothingStored();
  });

  it('no file, or a file in another field → 400', async () => {
    const wrongField = await upload(bo, {
      data: await smallImage('png'),
      field: 'avatar',
      filename: 'a.png',
      contentType: 'image/png',
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().errors).toEqual([{ path: 'photo', message: 'Choose a photo to upload' }]);
    const json = await bo.request('POST', `/api/users/${bo.user.id}/photos`, { photo: 'x' });
    expect(json.statusCode).toBe(415);
    await expectNothingStored();
  });

  it("uploading to someone else's profile → 403", async () => {
    const other = await signUp(t.app, { name: 'Other' });
    const response = await upload(bo, { data: await smallImage('png'), filename: 'a.png' }, other.user.id);
    expect(response.statusCode).toBe(403);
  });
});

describe('the six-photo limit, reordering and deleting', () => {
  let cy: Client;
  let eve: Client;
  let ids: string[];

  beforeAll(async () => {
    cy = await signUp(t.app, { name: 'Cy' });
    eve = await signUp(t.app, { name: 'Eve' });
  });

  const listOf = async (client: Client) =>
    (await client.request('GET', `/api/users/${client.user.id}/photos`)).json().photos as Array<{
      id: string;
      url: string;
      thumbnailUrl: string;
    }>;

  it('takes six photos and refuses the seventh with 400', async () => {
    for (let n = 1; n <= 6; n++) {
      const response = await upload(cy, {
        data: await smallImage('png'),
        filename: `p${n}.png`,
        contentType: 'image/png',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().photos).toHaveLength(n);
    }
    const seventh = await upload(cy, { data: await smallImage('png'), filename: 'p7.png', contentType: 'image/png' });
    expect(seventh.statusCode).toBe(400);
    expect(seventh.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'You can have at most 6 photos. Delete one to add another.',
    });
    ids = (await listOf(cy)).map((p) => p.id);
    expect(ids).toHaveLength(6);
  });

  it('reorders, and user.photos follows the new order', async () => {
    const reversed = [...ids].reverse();
    const response = await cy.request('PUT', `/api/users/${cy.user.id}/photos/order`, { photoIds: reversed });
    expect(response.statusCode).toBe(200);
    const listed = response.json().photos;
    expect(listed.map((p: { id: string }) => p.id)).toEqual(reversed);
    const me = (await cy.request('GET', '/api/auth/me')).json();
    expect(me.photos).toEqual(listed.map((p: { url: string }) => p.url));
    ids = reversed;
  });

  it.each([
    ['a missing photo', () => ids.slice(1)],
    ['a duplicate', () => [ids[0]!, ...ids.slice(0, 5)]],
    ['an unknown photo', () => [...ids.slice(1), '00000000-0000-4000-8000-000000000000']],
  ])('refuses an order with %s (400) and keeps the old order', async (_case, order) => {
    const response = await cy.request('PUT', `/api/users/${cy.user.id}/photos/order`, { photoIds: order() });
    expect(response.statusCode).toBe(400);
    expect((await listOf(cy)).map((p) => p.id)).toEqual(ids);
  });

  it("refuses an order made of another member's photos", async () => {
    const response = await eve.request('PUT', `/api/users/${eve.user.id}/photos/order`, { photoIds: ids });
    expect(response.statusCode).toBe(400);
    expect((await eve.request('PUT', `/api/users/${cy.user.id}/photos/order`, { photoIds: ids })).statusCode).toBe(403);
  });

  it("cannot delete another member's photo", async () => {
    const target = ids[0]!;
    expect((await eve.request('DELETE', `/api/users/${cy.user.id}/photos/${target}`)).statusCode).toBe(403);
    const viaOwnPath = await eve.request('DELETE', `/api/users/${eve.user.id}/photos/${target}`);
    expect(viaOwnPath.statusCode).toBe(404);
    expect((await listOf(cy)).map((p) => p.id)).toEqual(ids);
  });

  it('deletes her own photo: gone from the list, from user.photos and from disk', async () => {
    const [victim] = (await listOf(cy)).slice(2, 3);
    const response = await cy.request('DELETE', `/api/users/${cy.user.id}/photos/${victim!.id}`);
    expect(response.statusCode).toBe(200);
    const remaining = response.json().photos;
    expect(remaining.map((p: { id: string }) => p.id)).toEqual(ids.filter((id) => id !== victim!.id));
    expect((await fetchMedia(victim!.url)).statusCode).toBe(404);
    expect((await fetchMedia(victim!.thumbnailUrl)).statusCode).toBe(404);
    const me = (await cy.request('GET', '/api/auth/me')).json();
    expect(me.photos).toEqual(remaining.map((p: { url: string }) => p.url));
    // Positions stay compact, so the next upload goes last.
    const rows = await t.database.db.select().from(photos).where(eq(photos.userId, cy.user.id));
    expect(rows.map((r) => r.position).sort()).toEqual([0, 1, 2, 3, 4]);
    expect((await cy.request('DELETE', `/api/users/${cy.user.id}/photos/${victim!.id}`)).statusCode).toBe(404);
    expect((await cy.request('DELETE', `/api/users/${cy.user.id}/photos/not-a-uuid`)).statusCode).toBe(404);
  });

  it('has room for one more after a delete', async () => {
    const response = await upload(cy, { data: await smallImage('jpeg') });
    expect(response.statusCode).toBe(201);
    expect(response.json().photos).toHaveLength(6);
  });

  it('the photo list is private to its owner', async () => {
    expect((await eve.request('GET', `/api/users/${cy.user.id}/photos`)).statusCode).toBe(403);
  });
});

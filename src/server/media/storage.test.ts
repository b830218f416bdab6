import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test/s3rver';
import { localDiskStorage } from './disk';
import { createS3Client, objectKeyOf, s3Storage } from './s3';
import { MediaNotFoundError, newMediaKey, type MediaSpace, type MediaStorage } from './storage';

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  dir = await mkdtemp(path.join(os.tmpdir(), 'steep-media-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const s3Client = () =>
  createS3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

const stores: Array<[string, (space: MediaSpace) => MediaStorage]> = [
  ['disk', (space) => localDiskStorage(path.join(dir, space), space)],
  ['s3', (space) => s3Storage(s3Client(), s3.bucket, space)],
];

describe.each(stores)('the %s media store', (_name, open) => {
  it('stores, reads back, lists and deletes; a deleted or unknown key is MediaNotFoundError', async () => {
    const store = open('photos');
    const key = newMediaKey('webp');
    const bytes = Buffer.from(`photo ${key}`);
    await store.put(key, bytes);
    expect(await store.get(key)).toEqual(bytes);
    const keys: string[] = [];
    for await (const k of store.keys()) keys.push(k);
    expect(keys).toContain(key);
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(MediaNotFoundError);
    await expect(store.get(newMediaKey('webp'))).rejects.toBeInstanceOf(MediaNotFoundError);
  });

  it('writes idempotently: the same write twice leaves one file with those bytes; deleting twice is fine', async () => {
    const store = open('chat');
    const key = newMediaKey('webm');
    const bytes = Buffer.from('voice note');
    await store.put(key, bytes);
    await store.put(key, bytes);
    expect(await store.get(key)).toEqual(bytes);
    const keys: string[] = [];
    for await (const k of store.keys()) if (k === key) keys.push(k);
    expect(keys).toEqual([key]);
    await store.delete(key);
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  it('refuses a key that is not one of ours before touching the store', async () => {
    const store = open('photos');
    for (const key of ['../secret.webp', 'a/b.webp', 'UPPER.webp', '', 'noext']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow('Invalid media key');
      await expect(store.get(key)).rejects.toThrow('Invalid media key');
    }
  });

  it('keeps spaces apart: a selfie is not readable as a photo', async () => {
    const key = newMediaKey('webp');
    await open('selfies').put(key, Buffer.from('selfie'));
    await expect(open('photos').get(key)).rejects.toBeInstanceOf(MediaNotFoundError);
    expect(open('selfies').visibility).toBe('private');
    expect(open('photos').visibility).toBe('public');
  });
});

describe('the disk store', () => {
  it('writes files 0600 in folders 0700, and leaves no temporary file behind', async () => {
    const root = path.join(dir, 'perms', 'selfies');
    const store = localDiskStorage(root, 'selfies');
    const key = newMediaKey('webp');
    await store.put(key, Buffer.from('private'));
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    expect((await stat(path.join(root, key))).mode & 0o777).toBe(0o600);
    expect(await readdir(root)).toEqual([key]);
  });

  it('has no URL to hand out: the app serves disk media itself', async () => {
    expect(await localDiskStorage(path.join(dir, 'x'), 'chat').temporaryUrl(newMediaKey('webp'), 60)).toBeUndefined();
  });
});

describe('the s3 store', () => {
  it('puts public media under public/ and private media under private/, with content type and checksum', async () => {
    const client = s3Client();
    const key = newMediaKey('webp');
    await s3Storage(client, s3.bucket, 'photos').put(key, Buffer.from('p'));
    await s3Storage(client, s3.bucket, 'selfies').put(key, Buffer.from('s'));
    expect(objectKeyOf('photos', key)).toBe(`public/photos/${key}`);
    expect(objectKeyOf('selfies', key)).toBe(`private/selfies/${key}`);
    const photo = await fetch(`${s3.endpoint}/${s3.bucket}/public/photos/${key}`, { method: 'HEAD' });
    // s3rver does not check anonymous reads; what matters here is where the object is and how it is typed.
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('x-amz-meta-sha256')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hands out a short-lived presigned URL for private media', async () => {
    const store = s3Storage(s3Client(), s3.bucket, 'chat');
    const key = newMediaKey('webp');
    await store.put(key, Buffer.from('chat photo'));
    const url = await store.temporaryUrl(key, 60);
    expect(url).toContain(`/private/chat/${key}`);
    expect(url).toContain('X-Amz-Signature=');
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('chat photo');
    // The store enforces the lifetime it was signed with (s3rver does not check signatures on reads).
    expect(new URL(url!).searchParams.get('X-Amz-Expires')).toBe('60');
  });
});

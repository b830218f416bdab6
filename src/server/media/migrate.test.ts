import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test/s3rver';
import { migrateDiskToBucket } from './migrate';
import { createS3Client, s3Storage } from './s3';
import { diskMediaSpaces } from './spaces';
import { newMediaKey } from './storage';

let s3: LocalS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'steep-migrate-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('media:migrate (disk → bucket)', () => {
  it('copies every space, verifies by checksum, resumes without recopying, and repairs a damaged object', async () => {
    const disk = diskMediaSpaces(dataDir);
    const photos = Array.from({ length: 12 }, () => newMediaKey('webp'));
    const selfie = newMediaKey('webp');
    for (const key of photos) await disk.photos.put(key, Buffer.from(`photo ${key}`));
    await disk.selfies.put(selfie, Buffer.from('selfie'));
    const client = createS3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });

    const first = await migrateDiskToBucket({ dataDir, client, bucket: s3.bucket, concurrency: 3 });
    expect(first).toMatchObject({ copied: 13, skipped: 0, mismatched: [] });
    const bucketPhotos = s3Storage(client, s3.bucket, 'photos');
    for (const key of photos) expect((await bucketPhotos.get(key)).toString()).toBe(`photo ${key}`);
    expect((await s3Storage(client, s3.bucket, 'selfies').get(selfie)).toString()).toBe('selfie');

    // An interrupted run is simply run again: what is there with the same checksum is skipped.
    const damaged = photos[3]!;
    await bucketPhotos.put(damaged, Buffer.from('half a file'));
    const newer = newMediaKey('webp');
    await disk.photos.put(newer, Buffer.from('uploaded since'));
    const second = await migrateDiskToBucket({ dataDir, client, bucket: s3.bucket });
    expect(second).toMatchObject({ copied: 2, skipped: 12, mismatched: [] });
    expect((await bucketPhotos.get(damaged)).toString()).toBe(`photo ${damaged}`);
    expect((await bucketPhotos.get(newer)).toString()).toBe('uploaded since');
  });
});

import type { S3Client } from '@aws-sdk/client-s3';
import { diskMediaSpaces } from './spaces';
import { s3Storage, sha256Of, storedSha256 } from './s3';
import { MEDIA_SPACE_NAMES, type MediaSpace } from './storage';

interface MigrationReport {
  copied: number;
  /** Already in the bucket with the same SHA-256 (a previous, interrupted run copied them). */
  skipped: number;
  /** Copied, but the bytes read back differ: the run fails. */
  mismatched: Array<{ space: MediaSpace; key: string }>;
  bytes: number;
}

/**
 * Copies every file of the disk store (DATA_DIR) into the bucket, space by space. Resumable: an
 * object whose stored SHA-256 equals the file's is skipped, so a run that stopped half-way continues
 * where it was. Verified: each copied object is read back and its SHA-256 compared with the file's.
 * The disk files are left in place; switch MEDIA_STORE=s3 once a run reports no mismatch.
 */
export async function migrateDiskToBucket(options: {
  dataDir: string;
  client: S3Client;
  bucket: string;
  concurrency?: number;
  onProgress?: (space: MediaSpace, key: string, outcome: 'copied' | 'skipped' | 'mismatched') => void;
}): Promise<MigrationReport> {
  const { client, bucket } = options;
  const disk = diskMediaSpaces(options.dataDir);
  const report: MigrationReport = { copied: 0, skipped: 0, mismatched: [], bytes: 0 };
  for (const space of MEDIA_SPACE_NAMES) {
    const target = s3Storage(client, bucket, space);
    const copyOne = async (key: string) => {
      const data = await disk[space].get(key);
      const sha256 = sha256Of(data);
      if ((await storedSha256(client, bucket, space, key)) === sha256) {
        report.skipped += 1;
        options.onProgress?.(space, key, 'skipped');
        return;
      }
      await target.put(key, data);
      if (sha256Of(await target.get(key)) !== sha256) {
        report.mismatched.push({ space, key });
        options.onProgress?.(space, key, 'mismatched');
        return;
      }
      report.copied += 1;
      report.bytes += data.length;
      options.onProgress?.(space, key, 'copied');
    };
    // A few requests in flight: a bucket answers each in tens of milliseconds.
    const inFlight = new Set<Promise<void>>();
    for await (const key of disk[space].keys()) {
      const task = copyOne(key).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= (options.concurrency ?? 8)) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }
  return report;
}

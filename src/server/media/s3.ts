import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash } from 'node:crypto';
import {
  assertMediaKey,
  contentTypeOf,
  MEDIA_SPACES,
  MediaNotFoundError,
  type MediaSpace,
  type MediaStorage,
} from './storage';

interface S3Settings {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

/**
 * Object keys in the bucket: public spaces under `public/` (the one prefix a bucket policy or CDN may
 * expose), private ones under `private/` (never readable without a signature).
 */
export function objectKeyOf(space: MediaSpace, key: string): string {
  return `${MEDIA_SPACES[space]}/${space}/${assertMediaKey(key)}`;
}

/**
 * One client per process: AWS S3, Cloudflare R2, MinIO and Garage all speak this API. Checksums only
 * when the operation requires them (the default CRC32 headers are refused by some compatible stores);
 * bounded timeouts so a slow store fails a request instead of hanging it; the SDK retries 3 times.
 */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { requestTimeout: 15_000, connectionTimeout: 5_000 },
  });
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * A space as a bucket prefix. Each object carries the SHA-256 of its bytes (metadata `sha256`), which
 * media:migrate compares to skip what is already copied. A PUT replaces the object whole, so a retried
 * write is harmless; deleting a missing object succeeds (S3 semantics).
 */
export function s3Storage(client: S3Client, bucket: string, space: MediaSpace): MediaStorage {
  const visibility = MEDIA_SPACES[space];
  const prefix = `${visibility}/${space}/`;
  return {
    space,
    visibility,
    async put(key, data) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKeyOf(space, key),
          Body: data,
          ContentType: contentTypeOf(key),
          // Keys never change content: caches (the CDN's, the browser's) may keep them forever.
          CacheControl: visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
          Metadata: { sha256: sha256Of(data) },
        }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKeyOf(space, key) }));
        if (!object.Body) throw new MediaNotFoundError(key);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) throw new MediaNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKeyOf(space, key) }));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(prefix.length);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async temporaryUrl(key, seconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: objectKeyOf(space, key) }), {
        expiresIn: seconds,
      });
    },
  };
}

/** The stored object's SHA-256 (from its metadata), or undefined when there is no such object. */
export async function storedSha256(
  client: S3Client,
  bucket: string,
  space: MediaSpace,
  key: string,
): Promise<string | undefined | null> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKeyOf(space, key) }));
    return head.Metadata?.sha256 ?? null;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

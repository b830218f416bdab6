import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX } from './urls';
import { contentTypeOf, isMediaKey, MediaNotFoundError, type MediaStorage } from './storage';

/**
 * GET /media/<key>: a published photo, read from the store (so every instance serves every photo,
 * whichever one took the upload). Keys are random and never reused: cached for a year, immutable.
 * Only a public space may be served here; private media never gets a URL of this shape.
 */
export function servePublicMedia(app: FastifyInstance, storage: MediaStorage): void {
  if (storage.visibility !== 'public') throw new Error(`refusing to serve the private space ${storage.space}`);
  app.get<{ Params: { key: string } }>(`${MEDIA_PREFIX}:key`, async (request, reply) => {
    const { key } = request.params;
    const notFound = () => reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    if (!isMediaKey(key)) return notFound();
    try {
      const data = await storage.get(key);
      return reply
        .header('content-type', contentTypeOf(key))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    } catch (error) {
      if (error instanceof MediaNotFoundError) return notFound();
      throw error;
    }
  });
}

/** Origins the browser may load media from besides the app's own (the CSP lists them). */
export function mediaOrigins(settings: {
  MEDIA_STORE: 'disk' | 's3';
  MEDIA_PUBLIC_BASE_URL?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_FORCE_PATH_STYLE: boolean;
}): string[] {
  const origins = new Set<string>();
  if (settings.MEDIA_PUBLIC_BASE_URL) origins.add(new URL(settings.MEDIA_PUBLIC_BASE_URL).origin);
  if (settings.MEDIA_STORE === 's3') {
    // Presigned URLs for private media point at the store itself.
    if (settings.S3_ENDPOINT) {
      const endpoint = new URL(settings.S3_ENDPOINT);
      origins.add(
        settings.S3_FORCE_PATH_STYLE || !settings.S3_BUCKET
          ? endpoint.origin
          : `${endpoint.protocol}//${settings.S3_BUCKET}.${endpoint.host}`,
      );
    } else if (settings.S3_BUCKET) {
      origins.add(`https://${settings.S3_BUCKET}.s3.${settings.S3_REGION}.amazonaws.com`);
    }
  }
  return [...origins];
}

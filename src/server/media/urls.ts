/** Public photos are served by the app at /media/<key> (from whichever store holds them). */
export const MEDIA_PREFIX = '/media/';

let publicBase = MEDIA_PREFIX;

/**
 * With MEDIA_PUBLIC_BASE_URL (a CDN or the bucket's public endpoint) photo URLs point there instead,
 * at the object's key: `<base>/public/photos/<key>`. Set once at boot by buildApp.
 */
export function configurePublicMediaUrls(baseUrl: string | undefined): void {
  publicBase = baseUrl ? `${baseUrl.replace(/\/+$/, '')}/public/photos/` : MEDIA_PREFIX;
}

/** The URL of a published photo: random key, immutable, cacheable forever. */
export function publicMediaUrl(key: string): string {
  return `${publicBase}${key}`;
}

/** The key of a published photo's URL (`publicMediaUrl`'s inverse), or undefined for any other string. */
export function publicMediaKey(url: string): string | undefined {
  return url.startsWith(publicBase) && url.length > publicBase.length ? url.slice(publicBase.length) : undefined;
}

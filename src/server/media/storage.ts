import { randomBytes } from 'node:crypto';

/**
 * The named spaces media lives in. `public` spaces are served to anyone holding the URL (the key is
 * random, the URL cacheable forever); `private` ones never get a public URL: the app reads them behind
 * its guard, or hands out a short-lived presigned URL (object storage only).
 */
export const MEDIA_SPACES = {
  /** Published profile photos (both renditions). */
  photos: 'public',
  /** Verification pose selfies: moderators see them through the guarded review route only. */
  selfies: 'private',
  /** Photos and voice notes sent in a conversation: only its two members. */
  chat: 'private',
  /** Voice notes on a 24-hour status: members who may see her profile, while the status lives. */
  statuses: 'private',
  /** Copies of media frozen with a report: moderators only. */
  reports: 'private',
} as const satisfies Record<string, MediaVisibility>;

export type MediaVisibility = 'public' | 'private';
export type MediaSpace = keyof typeof MEDIA_SPACES;
export const MEDIA_SPACE_NAMES = Object.keys(MEDIA_SPACES) as MediaSpace[];

/** One space of one media store (a folder on disk, a prefix in a bucket). */
export interface MediaStorage {
  readonly space: MediaSpace;
  readonly visibility: MediaVisibility;
  /** Stores the bytes under `key`, all or nothing; repeating it with the same bytes changes nothing. */
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or a MediaNotFoundError. */
  get(key: string): Promise<Buffer>;
  /** Removes the file; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every key in the space (media:migrate walks it). */
  keys(): AsyncIterable<string>;
  /**
   * A URL a browser may fetch for `seconds`, or undefined when the store has none (disk: the app serves
   * the bytes itself behind its guard).
   */
  temporaryUrl(key: string, seconds: number): Promise<string | undefined>;
}

export type MediaSpaces = Record<MediaSpace, MediaStorage>;

export class MediaNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Media not found: ${key}`);
  }
}

const KEY = /^[a-z0-9]+\.[a-z0-9]+$/;

/** Random, unguessable names: a URL reveals nothing about its owner or upload time. */
export function newMediaKey(extension: string): string {
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** Keys are ours (newMediaKey): anything else, a path above all, is refused before any I/O. */
export function assertMediaKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid media key: ${key}`);
  return key;
}

export const isMediaKey = (key: string) => KEY.test(key);

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
};

/** The Content-Type a key is served with, from its extension (we chose it when rendering the file). */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { publicMediaUrl as mediaUrl } from '../../media';
import { photosOfMember } from './repository';
import { forgetSelfPhotos } from './users';

/** Her photos for her data export. */
export async function photosOf(db: Db, userId: string) {
  const rows = await photosOfMember(db, userId);
  return rows.map((p) => ({ url: mediaUrl(p.largeKey), position: p.position, uploadedAt: p.createdAt.toISOString() }));
}

/**
 * Her photo files' storage keys, read before her account is deleted (her photo rows go with her row
 * by ON DELETE CASCADE; the files are the caller's to remove). Forgets her cached photo URLs.
 */
export async function photoKeysOf(db: Db, caches: DbCaches, userId: string): Promise<string[]> {
  const keys = await photosOfMember(db, userId);
  forgetSelfPhotos(db, caches, userId);
  return keys.flatMap((k) => [k.largeKey, k.smallKey]);
}

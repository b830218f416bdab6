import { asc, eq } from 'drizzle-orm';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema/photos';
import { publicMediaUrl as mediaUrl } from '../../media';
import { forgetSelfPhotos } from './users';

/** Her photos for her data export. */
export async function photosOf(db: Db, userId: string) {
  const rows = await db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position));
  return rows.map((p) => ({ url: mediaUrl(p.largeKey), position: p.position, uploadedAt: p.createdAt.toISOString() }));
}

/**
 * Her photo files' storage keys, read before her account is deleted (her photo rows go with her row
 * by ON DELETE CASCADE; the files are the caller's to remove). Forgets her cached photo URLs.
 */
export async function photoKeysOf(db: Db, caches: DbCaches, userId: string): Promise<string[]> {
  const keys = await db
    .select({ largeKey: photos.largeKey, smallKey: photos.smallKey })
    .from(photos)
    .where(eq(photos.userId, userId));
  forgetSelfPhotos(db, caches, userId);
  return keys.flatMap((k) => [k.largeKey, k.smallKey]);
}

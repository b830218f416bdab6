import type { Db } from '../../db/client';
import { publicMediaKey, publicMediaUrl } from '../../media';
import { smallKeysById } from './repository';

/** The storage key a photo URL names ('' for a URL that names no published photo: it matches nothing). */
export function photoKeyOfUrl(url: string): string {
  return publicMediaKey(url) ?? '';
}

/** Small renditions of photos by id (a like's photo, as a thumbnail in her likes list). */
export async function photoThumbnailsById(db: Db, photoIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(photoIds)];
  if (ids.length === 0) return new Map();
  const rows = await smallKeysById(db, ids);
  return new Map(rows.map((r) => [r.id, publicMediaUrl(r.smallKey)]));
}

import { inArray, sql, type SQL } from 'drizzle-orm';
import { memberTable } from '../../core';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema/photos';
import { publicMediaKey, publicMediaUrl } from '../../media';

/*
 * What a like may point at (matches' "like something specific"): one of the target's photos or prompt
 * answers. As SQL fragments, so the swipe statement checks them in its one round trip, after it has
 * checked the target is within reach.
 */

/** The storage key a photo URL names ('' for a URL that names no published photo: it matches nothing). */
export function photoKeyOfUrl(url: string): string {
  return publicMediaKey(url) ?? '';
}

/** The id of `userId`'s photo stored under `largeKey`, or null. */
export function photoOfMember(userId: SQL, largeKey: SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${photos.id} from ${photos} where ${photos.userId} = ${userId} and ${photos.largeKey} = ${largeKey})`;
}

/** Whether `promptId` is one of `userId`'s current prompt answers. */
export function answersPrompt(userId: SQL, promptId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${memberTable} where ${memberTable.id} = ${userId} and ${memberTable.prompts} @> jsonb_build_array(jsonb_build_object('promptId', ${promptId})))`;
}

/** Small renditions of photos by id (a like's photo, as a thumbnail in her likes list). */
export async function photoThumbnailsById(db: Db, photoIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(photoIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: photos.id, smallKey: photos.smallKey })
    .from(photos)
    .where(inArray(photos.id, ids));
  return new Map(rows.map((r) => [r.id, publicMediaUrl(r.smallKey)]));
}

import { and, asc, count, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { lockUserRow, memberTable } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema/photos';
import { profileViews, statuses } from '../../db/schema/profiles';

/**
 * Every statement of profiles: her photos, profile views and the 24-hour status, and the SQL fragments
 * other features build into their own statements (a like's photo or prompt, the second-photo criterion).
 * Services decide and answer (errors, events, media files, presentation); what is read and written is here.
 *
 * Plain functions take the handle to run on (the database, or a transaction). Where a write also queues
 * media files for deletion in the same transaction, the service opens it and passes it here.
 */

type PhotoRow = typeof photos.$inferSelect;
export type StatusRow = typeof statuses.$inferSelect;
export type NewStatus = Omit<typeof statuses.$inferInsert, 'userId'>;

// ---------------------------------------------------------------------------------------------------
// Photos

/** Her photos in order (by position, then upload time). */
export async function photosOfMember(db: Db, userId: string): Promise<PhotoRow[]> {
  return db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.position), asc(photos.createdAt));
}

/** The large rendition of each photo of these members, each member's in order. */
/** Her photos' large keys in her order, prepared once (every /me on PostgreSQL reads them). */
export async function largeKeysOfMember(db: Db, caches: DbCaches, userId: string): Promise<string[]> {
  const rows = await caches
    .prepared('member_photo_keys', db, (handle) =>
      handle
        .select({ largeKey: photos.largeKey })
        .from(photos)
        .where(eq(photos.userId, sql.placeholder('userId')))
        .orderBy(asc(photos.position))
        .prepare('member_photo_keys'),
    )
    .execute({ userId });
  return rows.map((row) => row.largeKey);
}

export async function largeKeysOf(
  db: Db,
  userIds: readonly string[],
): Promise<Array<{ userId: string; largeKey: string }>> {
  return db
    .select({ userId: photos.userId, largeKey: photos.largeKey })
    .from(photos)
    .where(inArray(photos.userId, [...userIds]))
    .orderBy(asc(photos.position));
}

export async function smallKeysById(
  db: Db,
  photoIds: readonly string[],
): Promise<Array<{ id: string; smallKey: string }>> {
  return db
    .select({ id: photos.id, smallKey: photos.smallKey })
    .from(photos)
    .where(inArray(photos.id, [...photoIds]));
}

export async function countPhotos(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  return row?.n ?? 0;
}

/**
 * Publishes a photo as her last, unless she has `max` already: counted under her user row's lock, so
 * two uploads at once cannot both take the last place. `full`: nothing is stored.
 */
export async function insertPhotoWithin(
  db: Db,
  photo: { userId: string; largeKey: string; smallKey: string; phash: bigint | null },
  max: number,
): Promise<{ outcome: 'added'; id: string | undefined } | { outcome: 'full' }> {
  return db.transaction(async (tx) => {
    await lockUserRow(tx, photo.userId);
    const taken = await countPhotos(tx, photo.userId);
    if (taken >= max) return { outcome: 'full' as const };
    const [row] = await tx
      .insert(photos)
      .values({ ...photo, position: taken })
      .returning({ id: photos.id });
    return { outcome: 'added' as const, id: row?.id };
  });
}

/** Deletes her photo and numbers the rest 0, 1, …: its file keys, or undefined when it is not hers. */
export async function deletePhotoOf(
  db: Db,
  userId: string,
  photoId: string,
): Promise<{ largeKey: string; smallKey: string } | undefined> {
  const [row] = await db
    .delete(photos)
    .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
    .returning({ largeKey: photos.largeKey, smallKey: photos.smallKey });
  if (!row) return undefined;
  const rest = await photosOfMember(db, userId);
  await renumber(
    db,
    userId,
    rest.map((p) => p.id),
  );
  return row;
}

/**
 * Puts her photos in this order, in one transaction: false (nothing changed) unless `photoIds` names
 * each of her photos exactly once.
 */
export async function reorderPhotoRows(db: Db, userId: string, photoIds: readonly string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const current = await tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId));
    const mine = new Set(current.map((p) => p.id));
    const given = new Set(photoIds);
    if (given.size !== photoIds.length || given.size !== mine.size || photoIds.some((id) => !mine.has(id))) {
      return false;
    }
    await renumber(tx, userId, photoIds);
    return true;
  });
}

async function renumber(db: Db, userId: string, orderedIds: readonly string[]): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db
      .update(photos)
      .set({ position })
      .where(and(eq(photos.id, id), eq(photos.userId, userId)));
  }
}

/** Hashes at most this many bits apart are the same picture (of 64; different pictures differ by ~32). */
export const NEAR_DUPLICATE_BITS = 6;

/**
 * Her photos that another account published first (the same picture, re-encoded or resized): stolen
 * photos, or hers stolen before she joined. Only ids come back; who holds the other copy stays private.
 */
export async function photosCopiedFromOthers(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: photos.id })
    .from(photos)
    .innerJoin(
      sql`${photos} as other`,
      sql`other.user_id <> ${photos.userId} and other.phash is not null
        and other.created_at < ${photos.createdAt}
        and bit_count((other.phash # ${photos.phash})::bit(64)) <= ${NEAR_DUPLICATE_BITS}`,
    )
    .where(and(eq(photos.userId, userId), isNotNull(photos.phash)));
  return new Set(rows.map((row) => row.id));
}

/**
 * Whose published photos are the same picture as `hash` (within NEAR_DUPLICATE_BITS): for the
 * verification reviewer, who must know a selfie was copied from a profile photo. Only ids come back.
 */
export async function photoOwnersNearHash(db: Db, hash: bigint): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ userId: photos.userId })
    .from(photos)
    .where(
      and(
        isNotNull(photos.phash),
        sql`bit_count((${photos.phash} # ${hash.toString()}::bigint)::bit(64)) <= ${NEAR_DUPLICATE_BITS}`,
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

// ---------------------------------------------------------------------------------------------------
// Fragments for other features' statements

/**
 * The photo criterion of profile completeness, as SQL for other features' list queries (discovery
 * ranks by completeness): the member `userId` names has a second photo.
 */
export function hasTwoPhotos(userId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${photos} where ${photos.userId} = ${userId} offset 1)`;
}

/*
 * What a like may point at (matches' "like something specific"): one of the target's photos or prompt
 * answers. As SQL fragments, so the swipe statement checks them in its one round trip, after it has
 * checked the target is within reach.
 */

/** The id of `userId`'s photo stored under `largeKey`, or null. */
export function photoOfMember(userId: SQL, largeKey: SQL): SQL<string | null> {
  return sql<
    string | null
  >`(select ${photos.id} from ${photos} where ${photos.userId} = ${userId} and ${photos.largeKey} = ${largeKey})`;
}

/** The large keys of `userId`'s photos in profile order, as one array (`photoUrlsOf` for another feature's statement). */
export function photoKeysOfMember(userId: SQL): SQL<string[]> {
  return sql<
    string[]
  >`array(select ${photos.largeKey} from ${photos} where ${photos.userId} = ${userId} order by ${photos.position})`;
}

/** Whether `promptId` is one of `userId`'s current prompt answers. */
export function answersPrompt(userId: SQL, promptId: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${memberTable} where ${memberTable.id} = ${userId} and ${memberTable.prompts} @> jsonb_build_array(jsonb_build_object('promptId', ${promptId})))`;
}

// ---------------------------------------------------------------------------------------------------
// Profile views

/** One view per viewer, profile and UTC day (`day`, YYYY-MM-DD), however often she opens it. */
export async function insertProfileView(db: Db, viewerId: string, viewedId: string, day: string): Promise<void> {
  await db.insert(profileViews).values({ viewerId, viewedId, day }).onConflictDoNothing();
}

export async function countProfileViews(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profileViews).where(eq(profileViews.viewedId, userId));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// The 24-hour status

/** The columns of a status without a voice note. */
export const NO_VOICE = {
  voiceKey: null,
  voiceContentType: null,
  voiceBytes: null,
  voiceDurationMs: null,
  voiceWaveform: null,
} as const;

export async function statusOf(db: Db, userId: string): Promise<StatusRow | undefined> {
  const [row] = await db.select().from(statuses).where(eq(statuses.userId, userId));
  return row;
}

/**
 * Replaces her status: the new row, and the voice note key of the one it replaced when that file is no
 * longer used. Run in a transaction: her old row stays locked until it ends, so two replacements at
 * once cannot both miss the other's file.
 */
export async function replaceStatusRow(
  db: Db,
  userId: string,
  values: NewStatus,
): Promise<{ row: StatusRow; oldVoiceKey: string | null }> {
  const [old] = await db
    .select({ voiceKey: statuses.voiceKey })
    .from(statuses)
    .where(eq(statuses.userId, userId))
    .for('update');
  const [row] = await db
    .insert(statuses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: statuses.userId, set: values })
    .returning();
  if (!row) throw new Error('status upsert returned no row');
  return { row, oldVoiceKey: old?.voiceKey && old.voiceKey !== row.voiceKey ? old.voiceKey : null };
}

/** Deletes her status: its voice note key, or null when it had none (or there was no status). */
export async function deleteStatus(db: Db, userId: string): Promise<string | null> {
  const [gone] = await db
    .delete(statuses)
    .where(eq(statuses.userId, userId))
    .returning({ voiceKey: statuses.voiceKey });
  return gone?.voiceKey ?? null;
}

/**
 * Clears the voice note of every status expired by `now` (the text stays): the keys of the files to
 * delete. Run in a transaction: the rows stay locked until it ends.
 */
export async function clearExpiredVoices(db: Db, now: Date): Promise<string[]> {
  const expired = and(isNotNull(statuses.voiceKey), lte(statuses.expiresAt, now));
  const rows = await db
    .select({ userId: statuses.userId, voiceKey: statuses.voiceKey })
    .from(statuses)
    .where(expired)
    .for('update');
  if (rows.length === 0) return [];
  await db
    .update(statuses)
    .set(NO_VOICE)
    .where(
      and(
        inArray(
          statuses.userId,
          rows.map((r) => r.userId),
        ),
        expired,
      ),
    );
  return rows.flatMap((r) => (r.voiceKey ? [r.voiceKey] : []));
}

import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_PHOTOS, type PhotoItem } from '../../../contract/profiles';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { lockUserRow } from '../../core';
import { photos } from '../../db/schema/photos';
import type { DomainEvents } from '../../domain-events';
import { AppError, badRequest, notFound } from '../../http/errors';
import { renderPhoto } from './image-pipeline';
import { perceptualHash } from './phash';
import { isUuid } from './service';
import { newMediaKey, publicMediaUrl as mediaUrl, type MediaDeletes, type MediaStorage } from '../../media';
import { forgetSelfPhotos } from './users';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

interface PhotoDeps {
  db: Db;
  caches: DbCaches;
  /** The public photos space. */
  storage: MediaStorage;
  deletes: MediaDeletes;
  log: FastifyBaseLogger;
  events: DomainEvents;
}

const photoLimitReached = () =>
  new AppError(400, 'LIMIT_REACHED', localText('photosAtMostCount', { count: MAX_PHOTOS }));

export async function listPhotos(db: Db, userId: string): Promise<PhotoItem[]> {
  const rows = await db
    .select({ id: photos.id, largeKey: photos.largeKey, smallKey: photos.smallKey })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position), asc(photos.createdAt));
  return rows.map((row) => ({ id: row.id, url: mediaUrl(row.largeKey), thumbnailUrl: mediaUrl(row.smallKey) }));
}

export interface StoredPhoto {
  id: string;
  url: string;
  largeKey: string;
  createdAt: Date;
}

/** Her photos in order, with their storage keys, for analysis of the stored image. */
export async function storedPhotosOf(db: Db, userId: string): Promise<StoredPhoto[]> {
  const rows = await db
    .select({ id: photos.id, largeKey: photos.largeKey, createdAt: photos.createdAt })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position), asc(photos.createdAt));
  return rows.map((row) => ({ ...row, url: mediaUrl(row.largeKey) }));
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

async function countPhotos(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  return row?.n ?? 0;
}

/** Publishes an upload as her last photo and returns her photos in order. */
export async function addPhoto(deps: PhotoDeps, userId: string, upload: Buffer): Promise<PhotoItem[]> {
  const { db, storage } = deps;
  // Checked before the costly decode; checked again under a lock below, where it decides.
  if ((await countPhotos(db, userId)) >= MAX_PHOTOS) throw photoLimitReached();

  const renditions = await renderPhoto(upload);
  // Hashed from the published rendition: what others can see (and copy) is what is fingerprinted.
  const phash = await perceptualHash(renditions.small);
  const largeKey = newMediaKey('webp');
  const smallKey = newMediaKey('webp');
  try {
    await storage.put(largeKey, renditions.large);
    await storage.put(smallKey, renditions.small);
    const photoId = await db.transaction(async (tx) => {
      // Her user row is the lock: two uploads at once cannot both take the sixth place.
      await lockUserRow(tx, userId);
      const taken = await countPhotos(tx, userId);
      if (taken >= MAX_PHOTOS) throw photoLimitReached();
      const [row] = await tx
        .insert(photos)
        .values({ userId, position: taken, largeKey, smallKey, phash })
        .returning({ id: photos.id });
      return row?.id;
    });
    if (photoId) deps.events.emit('photo.added', { userId, photoId });
  } catch (error) {
    await discardMedia(deps, [largeKey, smallKey]);
    throw error;
  }
  forgetSelfPhotos(db, deps.caches, userId);
  return listPhotos(db, userId);
}

/** Only her own photo: another member's photo id is simply not found among hers. */
export async function deletePhoto(deps: PhotoDeps, userId: string, photoId: string): Promise<PhotoItem[]> {
  const { db } = deps;
  if (!isUuid(photoId)) throw notFound(localText('photoNotFound'));
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
      .returning({ largeKey: photos.largeKey, smallKey: photos.smallKey });
    if (!row) return undefined;
    // Committed with the row's deletion: the files go even if this process dies right after.
    await deps.deletes.queue('photos', [row.largeKey, row.smallKey], tx);
    const rest = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.userId, userId))
      .orderBy(asc(photos.position), asc(photos.createdAt));
    await renumber(
      tx,
      userId,
      rest.map((p) => p.id),
    );
    return row;
  });
  if (!removed) throw notFound(localText('photoNotFound'));
  deps.events.emit('photo.deleted', { userId, photoId });
  await deps.deletes.attempt('photos', [removed.largeKey, removed.smallKey]);
  forgetSelfPhotos(db, deps.caches, userId);
  return listPhotos(db, userId);
}

/** `photoIds` must name each of her photos exactly once, in the new order. */
export async function reorderPhotos(
  db: Db,
  caches: DbCaches,
  userId: string,
  photoIds: string[],
): Promise<PhotoItem[]> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId));
    const mine = new Set(current.map((p) => p.id));
    const given = new Set(photoIds);
    if (given.size !== photoIds.length || given.size !== mine.size || photoIds.some((id) => !mine.has(id))) {
      throw badRequest(localText('listEachOfYour'), [fieldError('photoIds', localText('listEachOfYour'))]);
    }
    await renumber(tx, userId, photoIds);
  });
  forgetSelfPhotos(db, caches, userId);
  return listPhotos(db, userId);
}

async function renumber(db: Db, userId: string, orderedIds: string[]): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db
      .update(photos)
      .set({ position })
      .where(and(eq(photos.id, id), eq(photos.userId, userId)));
  }
}

/** An upload that was not published: a file left behind would stay reachable by its URL. */
async function discardMedia(deps: PhotoDeps, keys: string[]): Promise<void> {
  await deps.deletes.now('photos', keys).catch((error: unknown) => {
    deps.log.warn({ err: error, keys }, 'could not delete or queue the deletion of unpublished media');
  });
}

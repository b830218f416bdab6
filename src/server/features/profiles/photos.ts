import type { FastifyBaseLogger } from 'fastify';
import { MAX_PHOTOS, type PhotoItem } from '../../../contract/profiles';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { AppError, badRequest, notFound } from '../../http/errors';
import { renderPhoto } from './image-pipeline';
import { perceptualHash } from './phash';
import { isUuid } from './service';
import { newMediaKey, publicMediaUrl as mediaUrl, type MediaDeletes, type MediaStorage } from '../../media';
import { countPhotos, deletePhotoOf, insertPhotoWithin, photosOfMember, reorderPhotoRows } from './repository';
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
  const rows = await photosOfMember(db, userId);
  return rows.map((row) => ({ id: row.id, url: mediaUrl(row.largeKey), thumbnailUrl: mediaUrl(row.smallKey) }));
}

interface StoredPhoto {
  id: string;
  url: string;
  largeKey: string;
  createdAt: Date;
}

/** Her photos in order, with their storage keys, for analysis of the stored image. */
export async function storedPhotosOf(db: Db, userId: string): Promise<StoredPhoto[]> {
  const rows = await photosOfMember(db, userId);
  return rows.map((row) => ({
    id: row.id,
    largeKey: row.largeKey,
    createdAt: row.createdAt,
    url: mediaUrl(row.largeKey),
  }));
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
    const added = await insertPhotoWithin(db, { userId, largeKey, smallKey, phash }, MAX_PHOTOS);
    if (added.outcome === 'full') throw photoLimitReached();
    if (added.id) deps.events.emit('photo.added', { userId, photoId: added.id });
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
    const row = await deletePhotoOf(tx, userId, photoId);
    if (!row) return undefined;
    // Committed with the row's deletion: the files go even if this process dies right after.
    await deps.deletes.queue('photos', [row.largeKey, row.smallKey], tx);
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
  if (!(await reorderPhotoRows(db, userId, photoIds))) {
    throw badRequest(localText('listEachOfYour'), [fieldError('photoIds', localText('listEachOfYour'))]);
  }
  forgetSelfPhotos(db, caches, userId);
  return listPhotos(db, userId);
}

/** An upload that was not published: a file left behind would stay reachable by its URL. */
async function discardMedia(deps: PhotoDeps, keys: string[]): Promise<void> {
  await deps.deletes.now('photos', keys).catch((error: unknown) => {
    deps.log.warn({ err: error, keys }, 'could not delete or queue the deletion of unpublished media');
  });
}

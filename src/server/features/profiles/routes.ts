import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { profilesApi } from '../../../contract/api/profiles';
import { MAX_PHOTO_BYTES, PHOTO_FIELD } from '../../../contract/profiles';
import { sessionUserId } from '../../core';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { AppError, badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { addPhoto, deletePhoto, listPhotos, reorderPhotos } from './photos';
import { recordView, updateProfile, viewProfile, type AreMatched, type EarnedBadgesOf } from './service';
import { clearStatus, getStatus, setStatus } from './status';
import type { MediaDeletes, MediaStorage } from '../../media';

export interface ProfileRouteDeps {
  db: Db;
  /** The public photos space. */
  storage: MediaStorage;
  deletes: MediaDeletes;
  events: DomainEvents;
  areMatched: AreMatched;
  earnedBadges: EarnedBadgesOf;
}

const MULTIPART_LIMITS = { files: 1, fileSize: MAX_PHOTO_BYTES, fields: 10, fieldSize: 1024, parts: 12 };

export const profileRoutes: FastifyPluginAsync<ProfileRouteDeps> = async (
  app,
  { db, storage, deletes, events, areMatched, earnedBadges },
) => {
  // Registered here, so only these routes accept multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const photoDeps = (request: Pick<FastifyRequest, 'log'>) => ({ db, storage, deletes, log: request.log, events });

  route(app, profilesApi.view, async (request) =>
    viewProfile(db, sessionUserId(request), request.params.id, areMatched, earnedBadges),
  );

  // Reading a profile is safe; the client records a view with an explicit POST.
  route(app, profilesApi.recordView, async (request) => {
    await recordView(db, sessionUserId(request), request.params.id);
    return { ok: true as const };
  });

  route(app, profilesApi.update, async (request) => updateProfile(db, sessionUserId(request), request.body));

  route(app, profilesApi.listPhotos, async (request) => ({ photos: await listPhotos(db, sessionUserId(request)) }));

  route(app, profilesApi.addPhoto, async (request) => {
    const upload = await readPhotoUpload(request);
    return { photos: await addPhoto(photoDeps(request), sessionUserId(request), upload) };
  });

  route(app, profilesApi.reorderPhotos, async (request) => ({
    photos: await reorderPhotos(db, sessionUserId(request), request.body.photoIds),
  }));

  route(app, profilesApi.deletePhoto, async (request) => ({
    photos: await deletePhoto(photoDeps(request), sessionUserId(request), request.params.photoId),
  }));

  route(app, profilesApi.getStatus, async (request) => ({
    status: await getStatus(db, sessionUserId(request), request.params.id),
  }));

  route(app, profilesApi.setStatus, async (request) => ({
    status: await setStatus(db, sessionUserId(request), request.body.text),
  }));

  route(app, profilesApi.clearStatus, async (request) => {
    await clearStatus(db, sessionUserId(request));
    return { status: null };
  });
};

const photoTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `Photos can be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);

/** The one file in the `photo` field, buffered (at most 15 MB: busboy stops counting bytes there). */
async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the photo as multipart/form-data in the field "${PHOTO_FIELD}"`,
    );
  }
  const missing = () =>
    badRequest('Choose a photo to upload', [{ path: PHOTO_FIELD, message: 'Choose a photo to upload' }]);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== PHOTO_FIELD) throw missing();
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('Send one photo at a time');
    }
    throw error;
  }
}

import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PHOTO_BYTES,
  PHOTO_FIELD,
  photoList,
  profileStats,
  publicProfile,
  reorderPhotosBody,
  statusBody,
  statusResponse,
  updateProfileBody,
} from '../../../contract/profiles';
import { selfUser } from '../../../contract/users';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../http/errors';
import { sessionUserId } from '../../http/guards';
import { addPhoto, deletePhoto, listPhotos, reorderPhotos } from './photos';
import { updateProfile, viewProfile } from './service';
import { profileStatsOf } from './stats';
import { clearStatus, getStatus, setStatus } from './status';
import type { MediaStorage } from './storage';

export interface ProfileRouteDeps {
  db: Db;
  storage: MediaStorage;
}

/** Any member's id; an unknown or malformed one is a 404 in the service. */
const anyUserParams = z.object({ id: z.string() });
/** Routes with `idIsUser`: the guard has already refused any id but the session user's. */
const selfParams = z.object({ id: z.uuid('Invalid user id') });
const photoParams = selfParams.extend({ photoId: z.string() });

const MULTIPART_LIMITS = { files: 1, fileSize: MAX_PHOTO_BYTES, fields: 10, fieldSize: 1024, parts: 12 };

export const profileRoutes: FastifyPluginAsyncZod<ProfileRouteDeps> = async (app, { db, storage }) => {
  // Registered here, so only these routes accept multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const photoDeps = (request: FastifyRequest) => ({ db, storage, log: request.log });

  app.get('/api/users/:id', { schema: { params: anyUserParams, response: { 200: publicProfile } } }, async (request) =>
    viewProfile(db, sessionUserId(request), request.params.id),
  );

  app.put(
    '/api/users/:id',
    { config: { idIsUser: true }, schema: { params: selfParams, body: updateProfileBody, response: { 200: selfUser } } },
    async (request) => updateProfile(db, sessionUserId(request), request.body),
  );

  app.get(
    '/api/users/:id/stats',
    { config: { idIsUser: true }, schema: { params: selfParams, response: { 200: profileStats } } },
    async (request) => profileStatsOf(db, sessionUserId(request)),
  );

  app.get(
    '/api/users/:id/photos',
    { config: { idIsUser: true }, schema: { params: selfParams, response: { 200: photoList } } },
    async (request) => ({ photos: await listPhotos(db, sessionUserId(request)) }),
  );

  app.post(
    '/api/users/:id/photos',
    { config: { idIsUser: true }, schema: { params: selfParams, response: { 201: photoList } } },
    async (request, reply) => {
      const upload = await readPhotoUpload(request);
      const photos = await addPhoto(photoDeps(request), sessionUserId(request), upload);
      return reply.status(201).send({ photos });
    },
  );

  app.put(
    '/api/users/:id/photos/order',
    { config: { idIsUser: true }, schema: { params: selfParams, body: reorderPhotosBody, response: { 200: photoList } } },
    async (request) => ({ photos: await reorderPhotos(db, sessionUserId(request), request.body.photoIds) }),
  );

  app.delete(
    '/api/users/:id/photos/:photoId',
    { config: { idIsUser: true }, schema: { params: photoParams, response: { 200: photoList } } },
    async (request) => ({ photos: await deletePhoto(photoDeps(request), sessionUserId(request), request.params.photoId) }),
  );

  app.get('/api/users/:id/status', { schema: { params: anyUserParams, response: { 200: statusResponse } } }, async (request) => ({
    status: await getStatus(db, sessionUserId(request), request.params.id),
  }));

  app.put(
    '/api/users/:id/status',
    { config: { idIsUser: true }, schema: { params: selfParams, body: statusBody, response: { 200: statusResponse } } },
    async (request) => ({ status: await setStatus(db, sessionUserId(request), request.body.text) }),
  );

  app.delete(
    '/api/users/:id/status',
    { config: { idIsUser: true }, schema: { params: selfParams, response: { 200: statusResponse } } },
    async (request) => {
      await clearStatus(db, sessionUserId(request));
      return { status: null };
    },
  );
};

const photoTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', `Photos can be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`);

/** The one file in the `photo` field, buffered (at most 15 MB: busboy stops counting bytes there). */
async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the photo as multipart/form-data in the field "${PHOTO_FIELD}"`);
  }
  const missing = () => badRequest('Choose a photo to upload', [{ path: PHOTO_FIELD, message: 'Choose a photo to upload' }]);
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

import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { profilesApi } from '../../../contract/api/profiles';
import { MAX_PHOTO_BYTES, PHOTO_FIELD, STATUS_VOICE_FILE_FIELD } from '../../../contract/profiles';
import { sessionUserId } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { AppError, badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { addPhoto, deletePhoto, listPhotos, reorderPhotos } from './photos';
import { recordView, updateProfile, viewProfile, type AreMatched, type EarnedBadgesOf } from './service';
import {
  clearStatus,
  getStatus,
  registerStatusJobs,
  setStatus,
  setVoiceStatus,
  statusVoiceFile,
  type VoiceStatusInput,
} from './status';
import type { MediaDeletes, MediaStorage } from '../../media';
import type { JobQueue } from '../../jobs';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

interface ProfileRouteDeps {
  db: Db;
  caches: DbCaches;
  /** The public photos space. */
  storage: MediaStorage;
  /** The private space of status voice notes. */
  statusVoices: MediaStorage;
  deletes: MediaDeletes;
  jobs: JobQueue;
  events: DomainEvents;
  areMatched: AreMatched;
  earnedBadges: EarnedBadgesOf;
}

const MULTIPART_LIMITS = { files: 1, fileSize: MAX_PHOTO_BYTES, fields: 10, fieldSize: 1024, parts: 12 };

export const profileRoutes: FastifyPluginAsync<ProfileRouteDeps> = async (
  app,
  { db, caches, storage, statusVoices, deletes, jobs, events, areMatched, earnedBadges },
) => {
  // Registered here, so only these routes accept multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const photoDeps = (request: Pick<FastifyRequest, 'log'>) => ({
    db,
    caches,
    storage,
    deletes,
    log: request.log,
    events,
  });
  const statusDeps = { db, voices: statusVoices, deletes, jobs, areMatched, log: app.log };
  registerStatusJobs(statusDeps);

  route(app, profilesApi.view, async (request) =>
    viewProfile(db, sessionUserId(request), request.params.id, areMatched, earnedBadges),
  );

  // Reading a profile is safe; the client records a view with an explicit POST.
  route(app, profilesApi.recordView, async (request) => {
    await recordView(db, sessionUserId(request), request.params.id);
    return { ok: true as const };
  });

  route(app, profilesApi.update, async (request) => updateProfile(db, caches, sessionUserId(request), request.body));

  route(app, profilesApi.listPhotos, async (request) => ({ photos: await listPhotos(db, sessionUserId(request)) }));

  route(app, profilesApi.addPhoto, async (request) => {
    const upload = await readPhotoUpload(request);
    return { photos: await addPhoto(photoDeps(request), sessionUserId(request), upload) };
  });

  route(app, profilesApi.reorderPhotos, async (request) => ({
    photos: await reorderPhotos(db, caches, sessionUserId(request), request.body.photoIds),
  }));

  route(app, profilesApi.deletePhoto, async (request) => ({
    photos: await deletePhoto(photoDeps(request), sessionUserId(request), request.params.photoId),
  }));

  route(app, profilesApi.getStatus, async (request) => ({
    status: await getStatus(db, sessionUserId(request), request.params.id),
  }));

  route(app, profilesApi.setStatus, async (request) => ({
    status: await setStatus(statusDeps, sessionUserId(request), request.body.text),
  }));

  route(app, profilesApi.setVoiceStatus, async (request) => ({
    status: await setVoiceStatus(statusDeps, sessionUserId(request), await readVoiceUpload(request)),
  }));

  route(app, profilesApi.statusVoiceFile, async (request, reply) => {
    const file = await statusVoiceFile(
      { ...statusDeps, log: request.log },
      sessionUserId(request),
      request.params.id,
      request.params.version,
    );
    // Private caching only, never a shared cache, and never rendered as a page of this origin.
    void reply
      .type(file.contentType)
      .header('Cache-Control', 'private, max-age=60')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', 'inline');
    return file.data;
  });

  route(app, profilesApi.clearStatus, async (request) => {
    await clearStatus(statusDeps, sessionUserId(request));
    return { status: null };
  });
};

const photoTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', localText('photosAtMostMb', { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 }));

/** The one file in the `photo` field, buffered (at most 15 MB: busboy stops counting bytes there). */
async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', localText('sendPhotoAsMultipart', { field: PHOTO_FIELD }));
  }
  const missing = () => badRequest(localText('chooseAPhotoTo'), [fieldError(PHOTO_FIELD, localText('chooseAPhotoTo'))]);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== PHOTO_FIELD) throw missing();
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(localText('sendOnePhotoAt'));
    }
    throw error;
  }
}

/** The voice note in `file`, with the `text` and `waveform` fields sent before it. */
async function readVoiceUpload(request: FastifyRequest): Promise<VoiceStatusInput> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      localText('sendVoiceNoteAsMultipart', { field: STATUS_VOICE_FILE_FIELD }),
    );
  }
  const missing = () =>
    badRequest(localText('recordAVoiceNote'), [
      fieldError(STATUS_VOICE_FILE_FIELD, localText('recordAVoiceNoteField')),
    ]);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== STATUS_VOICE_FILE_FIELD) throw missing();
    const data = await file.toBuffer();
    const field = (name: string) => {
      const value = file.fields[name];
      return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : undefined;
    };
    return { data, fields: { text: field('text'), waveform: field('waveform') } };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', localText('voiceNotesCanBe'));
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(localText('sendOneVoiceNote'));
    }
    throw error;
  }
}

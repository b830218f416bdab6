import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { verificationApi } from '../../../contract/api/verification';
import { MAX_PHOTO_BYTES } from '../../../contract/profiles';
import { SELFIE_FIELD } from '../../../contract/verification';
import { sessionUserId } from '../../core';
import { AppError, badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { analyzeStoredPhoto, ANALYZE_PHOTO_JOB, photoAnalysisOf } from './analysis';
import {
  decideVerification,
  getVerificationRecord,
  requestVerification,
  saveSocialHandles,
  setSocialVisibility,
  socialHandlesFor,
  submitSelfie,
  verificationQueue,
  verificationReview,
  type VerificationDeps,
} from './service';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

type VerificationRouteDeps = Omit<VerificationDeps, 'log'>;

const MULTIPART_LIMITS = { files: 1, fileSize: MAX_PHOTO_BYTES, fields: 10, fieldSize: 1024, parts: 12 };

export const verificationRoutes: FastifyPluginAsync<VerificationRouteDeps> = async (app, options) => {
  const { db, jobs } = options;
  const deps: VerificationDeps = { ...options, log: app.log };
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  jobs.handle(ANALYZE_PHOTO_JOB, async (payload) => {
    await analyzeStoredPhoto(deps, String(payload.userId), String(payload.photoId));
  });
  const record = (userId: string) => getVerificationRecord(deps, userId);

  route(app, verificationApi.record, async (request) => record(sessionUserId(request)));

  route(app, verificationApi.analyzePhotos, async (request) => {
    const userId = sessionUserId(request);
    const current = await record(userId);
    if (!current.hasRequiredPhotos) {
      throw badRequest(localText('addPhotosBeforeCheck', { count: current.minPhotosRequired }));
    }
    return photoAnalysisOf(deps, userId, { queueMissing: true });
  });

  route(app, verificationApi.request, async (request) => {
    const userId = sessionUserId(request);
    const pose = await requestVerification(deps, userId);
    return { pose, record: await record(userId) };
  });

  route(app, verificationApi.uploadSelfie, async (request) => {
    const userId = sessionUserId(request);
    await submitSelfie(deps, userId, await readSelfieUpload(request));
    return record(userId);
  });

  route(app, verificationApi.saveSocialHandles, async (request) => {
    const userId = sessionUserId(request);
    await saveSocialHandles(db, userId, request.body);
    return record(userId);
  });

  route(app, verificationApi.setSocialVisibility, async (request) => {
    const userId = sessionUserId(request);
    await setSocialVisibility(db, userId, request.body.showSocialHandles);
    return record(userId);
  });

  route(app, verificationApi.sharedHandles, async (request) => ({
    handles: await socialHandlesFor(db, sessionUserId(request), request.params.id),
  }));

  route(app, verificationApi.queue, async (request) => verificationQueue(db, sessionUserId(request)));
  route(app, verificationApi.review, async (request, reply) => {
    // The selfie is in the body: never cached anywhere on the way.
    void reply.header('Cache-Control', 'no-store');
    return verificationReview(deps, sessionUserId(request), request.params.id);
  });
  route(app, verificationApi.approve, async (request) =>
    decideVerification(deps, sessionUserId(request), request.params.id, { approve: true, note: request.body.note }),
  );
  route(app, verificationApi.reject, async (request) =>
    decideVerification(deps, sessionUserId(request), request.params.id, { approve: false, note: request.body.note }),
  );
};

const selfieTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', localText('selfiesAtMostMb', { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 }));

/** The one file in the `selfie` field, buffered. */
async function readSelfieUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', localText('sendSelfieAsMultipart', { field: SELFIE_FIELD }));
  }
  const missing = () => badRequest(localText('takeOrChooseA'), [fieldError(SELFIE_FIELD, localText('takeOrChooseA'))]);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== SELFIE_FIELD) throw missing();
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw selfieTooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest(localText('sendOneSelfie'));
    throw error;
  }
}

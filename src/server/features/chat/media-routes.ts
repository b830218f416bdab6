import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { chatMediaApi } from '../../../contract/api/chat-media';
import { MAX_CHAT_IMAGE_BYTES, MEDIA_FILE_FIELD } from '../../../contract/chat-media';
import { sessionUserId } from '../../core';
import { AppError, badRequest } from '../../http/errors';
import { route } from '../../http/route';
import {
  markPlayed,
  mediaFile,
  openViewOnce,
  registerMediaJobs,
  uploadMedia,
  type MediaDeps,
  type MediaFile,
  type MediaUploadInput,
} from './media';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

/** One file and two short fields (viewOnce, waveform); the byte cap per kind is checked after sniffing. */
const MULTIPART_LIMITS = { files: 1, fileSize: MAX_CHAT_IMAGE_BYTES, fields: 4, fieldSize: 1024, parts: 6 };

/** Photo and voice messages: upload, the guarded file routes, view once, played. */
export const chatMediaRoutes: FastifyPluginAsync<MediaDeps> = async (app, deps) => {
  // Registered here, so only these routes accept multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  registerMediaJobs(deps);

  route(app, chatMediaApi.upload, async (request) =>
    uploadMedia(deps, sessionUserId(request), request.params.matchId, await readUpload(request)),
  );

  route(app, chatMediaApi.file, async (request, reply) =>
    sendFile(reply, await mediaFile(deps, sessionUserId(request), request.params.id), 'private, max-age=300'),
  );

  route(app, chatMediaApi.open, async (request, reply) =>
    sendFile(reply, await openViewOnce(deps, sessionUserId(request), request.params.id), 'no-store'),
  );

  route(app, chatMediaApi.played, async (request) => markPlayed(deps, sessionUserId(request), request.params.id));
};

/**
 * The file itself. Private caching only (never a shared cache), no sniffing, and no way to render it as
 * a page of this origin.
 */
function sendFile(reply: FastifyReply, file: MediaFile, cacheControl: string): Buffer {
  void reply
    .type(file.contentType)
    .header('Cache-Control', cacheControl)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', 'inline');
  return file.data;
}

async function readUpload(request: FastifyRequest): Promise<MediaUploadInput> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', localText('sendFileAsMultipart', { field: MEDIA_FILE_FIELD }));
  }
  const missing = () =>
    badRequest(localText('chooseAPhotoOr'), [fieldError(MEDIA_FILE_FIELD, localText('chooseAFile'))]);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== MEDIA_FILE_FIELD) throw missing();
    const data = await file.toBuffer();
    const field = (name: string) => {
      const value = file.fields[name];
      return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : undefined;
    };
    return {
      data,
      declaredType: file.mimetype,
      fields: { viewOnce: field('viewOnce'), waveform: field('waveform') },
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'PAYLOAD_TOO_LARGE',
        localText('filesAtMost', { megabytes: MAX_CHAT_IMAGE_BYTES / 1024 / 1024 }),
      );
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest(localText('sendOneFileAt'));
    }
    throw error;
  }
}

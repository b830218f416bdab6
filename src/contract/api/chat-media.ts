import { z } from 'zod';
import { MEDIA_FILE_FIELD, mediaState, mediaUpload } from '../chat-media';
import { defineRoute } from './define';
import { matchIdParams, resourceIdParams } from './params';

/** The bytes of a media file (the response is the file itself, not JSON). */
const mediaFile = z.custom<Uint8Array<ArrayBufferLike>>((value) => value instanceof Uint8Array);

export const chatMediaApi = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/matches/:matchId/media',
    access: 'member',
    summary:
      'Upload a photo (JPEG, PNG, WebP; ≤ 10 MB) or a voice note (WebM/Opus or MP4/AAC; ≤ 60 s, ≤ 1 MB) to send in this conversation',
    params: matchIdParams,
    upload: { field: MEDIA_FILE_FIELD },
    status: 201,
    response: mediaUpload,
    limit: 'uploads',
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/media/:id',
    access: 'member',
    summary: "A message's photo or voice note, for the two members of its conversation only",
    params: resourceIdParams('media'),
    response: mediaFile,
    binary: true,
  }),
  open: defineRoute({
    method: 'POST',
    path: '/api/media/:id/open',
    access: 'member',
    summary: 'The recipient opens a view-once photo: the answer is the photo, which is then deleted',
    params: resourceIdParams('media'),
    response: mediaFile,
    binary: true,
  }),
  played: defineRoute({
    method: 'PUT',
    path: '/api/media/:id/played',
    access: 'member',
    summary: 'The recipient played a voice message (the sender sees it, like a read receipt)',
    params: resourceIdParams('media'),
    response: mediaState,
  }),
};

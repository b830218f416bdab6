import { z } from 'zod';

/**
 * Photo and voice messages. A file is uploaded first — POST /api/matches/{matchId}/media,
 * multipart, field `file` — and then sent as a message through the usual paths (socket `message` frame
 * or POST /api/messages) with `messageType: 'image' | 'voice'` and the upload's `mediaId`. An upload can
 * be sent once, in its own conversation, by the member who uploaded it, within MEDIA_UPLOAD_TTL_MS;
 * unsent uploads are deleted by a job.
 *
 * The files are private: only the two members of the conversation can fetch them
 * (GET /api/media/{id}), and only while they can still talk (no block, the match not ended).
 */
export const MEDIA_FILE_FIELD = 'file';
export const MEDIA_KINDS = ['image', 'voice'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const MAX_CHAT_IMAGE_BYTES = 10 * 1024 * 1024;
/** The long side of a message photo, in pixels. */
export const CHAT_IMAGE_MAX_SIDE = 1280;
export const MAX_VOICE_BYTES = 1024 * 1024;
export const MAX_VOICE_MS = 60_000;
/** A status voice note is shorter. */
export const MAX_STATUS_VOICE_MS = 30_000;
/** Bars in a voice message's waveform; each 0–100. */
export const WAVEFORM_BARS = 48;
export const MEDIA_UPLOAD_TTL_MS = 60 * 60_000;
/** Photo and voice messages per conversation in any hour (both members together). */
export const MEDIA_MESSAGES_PER_HOUR = 30;

/** The recorder's loudness per bar, 0–100; sent by the client with a voice upload (field `waveform`, comma separated). */
export const waveform = z
  .array(z.number().int().min(0).max(100))
  .length(WAVEFORM_BARS, `A waveform has ${WAVEFORM_BARS} bars`);

/** The answer to an upload. */
export const mediaUpload = z.object({
  mediaId: z.string(),
  kind: z.enum(MEDIA_KINDS),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  durationMs: z.number().int().optional(),
  waveform: z.array(z.number().int()).optional(),
});
export type MediaUpload = z.infer<typeof mediaUpload>;

/**
 * The media of a photo or voice message, as both members see it. `available` is false once the file is
 * gone (a view-once photo after it was opened). `placeholder` is a tiny, blurred data URL of the photo.
 * `explicit`: the nudity classifier thinks the photo is likely explicit; it stays blurred behind a warning.
 */
export const messageMedia = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  contentType: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  waveform: z.array(z.number().int()).nullable(),
  placeholder: z.string().nullable(),
  viewOnce: z.boolean(),
  explicit: z.boolean(),
  available: z.boolean(),
  openedAt: z.string().nullable(),
  playedAt: z.string().nullable(),
});
export type MessageMedia = z.infer<typeof messageMedia>;

/** PUT /api/media/{id}/played and the socket's `media_state` frame: what changed on one message's media. */
export const mediaState = z.object({
  messageId: z.string(),
  matchId: z.string(),
  mediaId: z.string(),
  openedAt: z.string().nullable(),
  playedAt: z.string().nullable(),
  available: z.boolean(),
});
export type MediaState = z.infer<typeof mediaState>;

export const MEDIA_ERRORS = {
  notFound: 'Media not found',
  unusable: 'This upload cannot be sent (it was already sent, expired, or belongs to another conversation)',
  viewOnce: 'This photo can be viewed once: open it to see it',
  alreadyOpened: 'This photo was already opened',
} as const;

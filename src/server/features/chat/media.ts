import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_IMAGE_MAX_SIDE,
  MAX_CHAT_IMAGE_BYTES,
  MAX_VOICE_BYTES,
  MAX_VOICE_MS,
  MEDIA_MESSAGES_PER_HOUR,
  MEDIA_UPLOAD_TTL_MS,
  type MediaKind,
  type MediaState,
  type MediaUpload,
  type MessageMedia,
} from '../../../contract/chat-media';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { AppError, notFound, tooManyRequests } from '../../http/errors';
import type { JobQueue } from '../../jobs';
import { findMatchForMember, otherMember } from '../matches';
import {
  inspectVoice,
  isUuid,
  parseWaveform,
  newMediaKey,
  renderChatImage,
  sniffImageType,
  type MediaStorage,
} from '../profiles';
import { requireConversation } from './access';
import type { NudityClassifier } from './nudity';
import { localText } from '../../i18n';
import {
  deleteMediaRows,
  insertMedia,
  markOpened,
  markPlayedOnce,
  mediaById,
  mediaOfMessageIds,
  sentMediaOf,
  sentMediaSince,
  sweepableMedia,
  type ChatMediaRow,
  type NewChatMedia,
} from './repository';

export interface MediaDeps {
  db: Db;
  events: DomainEvents;
  jobs: JobQueue;
  /** The private store: no public URL reaches it; files are served by the guarded routes only. */
  store: MediaStorage;
  log: FastifyBaseLogger;
  /** Labels likely-explicit photos; absent → nothing is labelled. */
  classifier?: NudityClassifier | undefined;
}

const MEDIA_SWEEP_JOB = 'chat-media.sweep';
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_BATCH = 200;

export interface MediaUploadInput {
  data: Buffer;
  /** The part's declared content type: what the file claims to be (its bytes must agree). */
  declaredType: string;
  /** Multipart text fields sent before the file. */
  fields: { viewOnce?: string | undefined; waveform?: string | undefined };
}

const tooLarge = (what: 'Photos' | 'Voice notes', bytes: number) =>
  new AppError(
    413,
    'PAYLOAD_TOO_LARGE',
    localText(what === 'Photos' ? 'photosAtMostMb' : 'voiceNotesAtMostMb', { megabytes: bytes / 1024 / 1024 }),
  );

/**
 * A conversation's photos and voice notes: at most MEDIA_MESSAGES_PER_HOUR sent in the last hour. Over it, refused
 * with when the next may go (the oldest of them leaving the hour), in minutes for her and in Retry-After.
 */
export async function requireMediaAllowance(db: Db, matchId: string, now = new Date()): Promise<void> {
  const sent = await sentMediaSince(db, matchId, new Date(now.getTime() - MEDIA_UPLOAD_TTL_MS));
  if (sent.count < MEDIA_MESSAGES_PER_HOUR) return;
  const freesAt = (sent.oldest ?? now).getTime() + MEDIA_UPLOAD_TTL_MS;
  throw mediaAllowanceSpent(Math.max(60, Math.ceil((freesAt - now.getTime()) / 1000)));
}

/** The refusal of a photo or voice note over the hourly allowance: the next may go in `seconds`. */
export const mediaAllowanceSpent = (seconds: number) =>
  tooManyRequests(
    localText('mediaPerHour', { count: MEDIA_MESSAGES_PER_HOUR, minutes: Math.ceil(seconds / 60) }),
    seconds,
    'LIMIT_REACHED',
  );

/**
 * Stores a photo or voice note for a message of this conversation (not sent yet). Over the conversation's hourly
 * allowance it is refused before the file is read: sending it would be refused anyway. A file declared as
 * audio must be a voice note by its container and codec, one declared as an image an image; otherwise an image by
 * its signature (then re-encoded without metadata), else a voice note; anything else is a 415.
 */
export async function uploadMedia(
  deps: MediaDeps,
  uploaderId: string,
  matchId: string,
  input: MediaUploadInput,
): Promise<MediaUpload> {
  const match = await requireConversation(deps.db, matchId, uploaderId);
  await requireMediaAllowance(deps.db, match.id);
  const { data } = input;
  let values: Omit<NewChatMedia, 'storageKey'> & { kind: MediaKind };
  let file: Buffer;
  let extension: string;
  // A declared type is held to (a renamed PNG sent as audio, or a text file named .jpg, is a 415 that names what
  // was expected); without one, the bytes say what it is.
  const declared = input.declaredType.toLowerCase();
  const claimsVoice = declared.startsWith('audio/');
  if (declared.startsWith('image/') || (!claimsVoice && sniffImageType(data))) {
    if (data.length > MAX_CHAT_IMAGE_BYTES) throw tooLarge('Photos', MAX_CHAT_IMAGE_BYTES);
    const rendered = await renderChatImage(data, CHAT_IMAGE_MAX_SIDE);
    file = rendered.image;
    extension = 'webp';
    values = {
      matchId: match.id,
      uploaderId,
      kind: 'image',
      contentType: 'image/webp',
      bytes: file.length,
      width: rendered.width,
      height: rendered.height,
      placeholder: rendered.placeholder,
      viewOnce: input.fields.viewOnce === 'true',
      explicit: await likelyExplicit(deps, file),
    };
  } else {
    if (data.length > MAX_VOICE_BYTES) throw tooLarge('Voice notes', MAX_VOICE_BYTES);
    const voice = await inspectVoice(data, MAX_VOICE_MS);
    file = data;
    extension = voice.contentType === 'audio/webm' ? 'webm' : 'm4a';
    values = {
      matchId: match.id,
      uploaderId,
      kind: 'voice',
      contentType: voice.contentType,
      bytes: file.length,
      durationMs: voice.durationMs,
      waveform: parseWaveform(input.fields.waveform),
    };
  }
  const storageKey = newMediaKey(extension);
  await deps.store.put(storageKey, file);
  let row: ChatMediaRow | undefined;
  try {
    row = await insertMedia(deps.db, { ...values, storageKey });
  } finally {
    if (!row) await deleteFiles(deps, [storageKey]);
  }
  if (!row) throw new Error('chat media insert returned no row');
  return {
    mediaId: row.id,
    kind: row.kind,
    ...(row.width !== null && { width: row.width }),
    ...(row.height !== null && { height: row.height }),
    ...(row.durationMs !== null && { durationMs: row.durationMs }),
    ...(row.waveform && { waveform: row.waveform }),
  };
}

/** A classifier failure never blocks a photo: it is sent unlabelled (and blurred by default anyway). */
async function likelyExplicit(deps: MediaDeps, image: Buffer): Promise<boolean> {
  if (!deps.classifier) return false;
  try {
    return await deps.classifier.isLikelyExplicit(image);
  } catch (error) {
    deps.log.warn({ err: error }, 'nudity classifier failed; photo not labelled');
    return false;
  }
}

export function presentMedia(row: ChatMediaRow): MessageMedia {
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    waveform: row.waveform,
    placeholder: row.placeholder,
    viewOnce: row.viewOnce,
    explicit: row.explicit,
    available: row.storageKey !== null,
    openedAt: row.openedAt?.toISOString() ?? null,
    playedAt: row.playedAt?.toISOString() ?? null,
  };
}

/** The media of these messages, by message id: one query, and none when no message carries media. */
export async function mediaOfMessages(
  db: Db,
  rows: ReadonlyArray<{ id: string; messageType: string }>,
): Promise<Map<string, MessageMedia>> {
  const ids = rows.filter((r) => r.messageType === 'image' || r.messageType === 'voice').map((r) => r.id);
  if (ids.length === 0) return new Map();
  const media = await mediaOfMessageIds(db, ids);
  return new Map(media.map((m) => [m.messageId ?? '', presentMedia(m)]));
}

/**
 * A media row `viewerId` may see: sent in a conversation she belongs to and can still use (no block,
 * match not ended), or her own upload not sent yet. Anything else is the same 404 as a missing id.
 */
async function visibleMedia(
  db: Db,
  mediaId: string,
  viewerId: string,
): Promise<{ row: ChatMediaRow; recipientId: string }> {
  if (!isUuid(mediaId)) throw notFound(localText('mediaNotFound'));
  const row = await mediaById(db, mediaId);
  if (!row?.matchId || !row.uploaderId) throw notFound(localText('mediaNotFound'));
  if (!row.messageId && row.uploaderId !== viewerId) throw notFound(localText('mediaNotFound'));
  const match = await findMatchForMember(db, row.matchId, viewerId);
  if (!match) throw notFound(localText('mediaNotFound'));
  return { row, recipientId: otherMember(match, row.uploaderId) };
}

export interface MediaFile {
  data: Buffer;
  contentType: string;
}

async function readFile(deps: MediaDeps, row: ChatMediaRow): Promise<MediaFile> {
  if (!row.storageKey) throw new AppError(410, 'GONE', localText('mediaAlreadyOpened'));
  try {
    return { data: await deps.store.get(row.storageKey), contentType: row.contentType };
  } catch (error) {
    deps.log.warn({ err: error, mediaId: row.id }, 'chat media file missing');
    throw new AppError(410, 'GONE', localText('thisFileIsNo'));
  }
}

/** GET /api/media/{id}. A view-once photo is only ever handed out by `openViewOnce`, and only to its recipient. */
export async function mediaFile(deps: MediaDeps, viewerId: string, mediaId: string): Promise<MediaFile> {
  const { row } = await visibleMedia(deps.db, mediaId, viewerId);
  if (row.viewOnce && row.uploaderId !== viewerId) {
    if (!row.storageKey) throw new AppError(410, 'GONE', localText('mediaAlreadyOpened'));
    throw new AppError(403, 'FORBIDDEN', localText('mediaViewOnce'));
  }
  return readFile(deps, row);
}

/**
 * The recipient opens a view-once photo: she gets it this once, then the file is deleted from the store
 * and both members are told ("Photo opened"). A second open is a 410.
 */
export async function openViewOnce(deps: MediaDeps, viewerId: string, mediaId: string): Promise<MediaFile> {
  const { row, recipientId } = await visibleMedia(deps.db, mediaId, viewerId);
  if (!row.viewOnce || !row.messageId || row.uploaderId === viewerId) throw notFound(localText('mediaNotFound'));
  if (!row.storageKey) throw new AppError(410, 'GONE', localText('mediaAlreadyOpened'));
  const file = await readFile(deps, row);
  // The claim decides: of two opens at once, one gets the photo.
  const opened = await markOpened(deps.db, row.id);
  if (!opened) throw new AppError(410, 'GONE', localText('mediaAlreadyOpened'));
  await deleteFiles(deps, [row.storageKey]);
  announce(deps, opened, recipientId);
  return file;
}

/** The recipient played a voice message: the sender sees it, like a read receipt. The first time counts. */
export async function markPlayed(deps: MediaDeps, viewerId: string, mediaId: string): Promise<MediaState> {
  const { row, recipientId } = await visibleMedia(deps.db, mediaId, viewerId);
  if (row.kind !== 'voice' || !row.messageId || row.uploaderId === viewerId) throw notFound(localText('mediaNotFound'));
  if (row.playedAt) return stateOf(row);
  const played = await markPlayedOnce(deps.db, row.id);
  if (!played) return stateOf(row);
  announce(deps, played, recipientId);
  return stateOf(played);
}

function stateOf(row: ChatMediaRow): MediaState {
  return {
    messageId: row.messageId ?? '',
    matchId: row.matchId ?? '',
    mediaId: row.id,
    openedAt: row.openedAt?.toISOString() ?? null,
    playedAt: row.playedAt?.toISOString() ?? null,
    available: row.storageKey !== null,
  };
}

function announce(deps: MediaDeps, row: ChatMediaRow, recipientId: string): void {
  if (!row.matchId || !row.messageId || !row.uploaderId) return;
  deps.events.emit('media.updated', { state: stateOf(row), userIds: [row.uploaderId, recipientId] });
}

/** A file the store refuses to delete is retried by the job queue rather than left behind. */
async function deleteFiles(deps: Pick<MediaDeps, 'store' | 'jobs' | 'log'>, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.store.delete(key)));
  const left = keys.filter((_, i) => results[i]?.status === 'rejected');
  if (left.length === 0) return;
  deps.log.warn({ keys: left.length }, 'chat media: could not delete files; retrying in a job');
  await deps.jobs.enqueue(MEDIA_SWEEP_JOB, { keys: left }, { maxAttempts: 10 });
}

/**
 * The clean-up: files of conversations that ended (unmatch, block, account deletion: the row lost its
 * match or its uploader), and uploads never sent within the hour. Rows go after their files.
 */
async function sweepMedia(deps: Pick<MediaDeps, 'db' | 'store' | 'jobs' | 'log'>, now = new Date()): Promise<number> {
  const expired = new Date(now.getTime() - MEDIA_UPLOAD_TTL_MS);
  let removed = 0;
  for (;;) {
    const rows = await sweepableMedia(deps.db, expired, SWEEP_BATCH);
    if (rows.length === 0) return removed;
    const keys = rows.flatMap((r) => (r.storageKey ? [r.storageKey] : []));
    await Promise.all(keys.map((key) => deps.store.delete(key)));
    await deleteMediaRows(
      deps.db,
      rows.map((r) => r.id),
    );
    removed += rows.length;
    if (rows.length < SWEEP_BATCH) return removed;
  }
}

/** The sweep runs every 10 minutes; a job with `keys` retries files a delete missed. */
export function registerMediaJobs(deps: MediaDeps): void {
  deps.jobs.handle(MEDIA_SWEEP_JOB, async (payload) => {
    const keys = Array.isArray(payload.keys) ? payload.keys.filter((k): k is string => typeof k === 'string') : [];
    for (const key of keys) await deps.store.delete(key);
    await sweepMedia(deps);
  });
  deps.jobs.every(`${MEDIA_SWEEP_JOB}.periodic`, SWEEP_EVERY_MS, (now) => sweepMedia(deps, now).then(() => undefined));
}

/** Queues a sweep at once (deduplicated): used when a conversation or an account ends. */
export function queueMediaSweep(deps: Pick<MediaDeps, 'jobs' | 'log'>): Promise<void> {
  return deps.jobs
    .enqueue(MEDIA_SWEEP_JOB, {}, { dedupeKey: MEDIA_SWEEP_JOB })
    .then(() => undefined)
    .catch((error: unknown) => deps.log.warn({ err: error }, 'chat media: could not enqueue a sweep'));
}

/** Her own uploads, with their bytes, for her data export. The other member's files are theirs and stay out. */
export async function mediaUploadedBy(deps: Pick<MediaDeps, 'db' | 'store'>, userId: string) {
  const rows = await sentMediaOf(deps.db, userId);
  return Promise.all(
    rows.map(async (row) => ({
      matchId: row.matchId,
      kind: row.kind,
      contentType: row.contentType,
      sentAt: row.createdAt.toISOString(),
      viewOnce: row.viewOnce,
      // A view-once photo that was opened is gone: there is nothing left to export.
      dataBase64: row.storageKey
        ? await deps.store.get(row.storageKey).then(
            (b) => b.toString('base64'),
            () => null,
          )
        : null,
    })),
  );
}

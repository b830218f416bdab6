import type { FastifyBaseLogger } from 'fastify';
import { MAX_STATUS_VOICE_MS, MAX_VOICE_BYTES } from '../../../contract/chat-media';
import { STATUS_LIFETIME_MS, STATUS_MAX_LENGTH, type UserStatus } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs';
import { newMediaKey, type MediaDeletes, type MediaStorage } from '../../media';
import { inspectVoice, parseWaveform } from './audio-pipeline';
import { findViewableUser, findVisibleUser, type AreMatched } from './service';
import {
  clearExpiredVoices,
  deleteStatus,
  NO_VOICE,
  replaceStatusRow,
  statusOf,
  type NewStatus,
  type StatusRow,
} from './repository';
import { liveStatusOf, presentStatus, versionOf } from './status-present';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

interface StatusDeps {
  db: Db;
  /** The private `statuses` space: no public URL reaches it; the guarded route serves the file. */
  voices: MediaStorage;
  deletes: MediaDeletes;
  jobs: JobQueue;
  areMatched: AreMatched;
  log: FastifyBaseLogger;
}

const STATUS_VOICE_SWEEP_JOB = 'status-voice.sweep';
const SWEEP_EVERY_MS = 10 * 60_000;

/** Her own status even when expired (she sees 'Expired'); for anyone else only a live one. */
export async function getStatus(
  db: Db,
  viewerId: string,
  userId: string,
  now = new Date(),
): Promise<UserStatus | null> {
  const user = await findVisibleUser(db, viewerId, userId);
  return liveStatusOf(db, viewerId, user.id, now);
}

/**
 * Replaces her status (a new one lives 24 hours). The previous voice note's file is deleted with it,
 * queued in the same transaction so a crash cannot leave it behind.
 */
async function replaceStatus(
  deps: Pick<StatusDeps, 'db' | 'deletes'>,
  userId: string,
  values: NewStatus,
): Promise<StatusRow> {
  const { row, oldKey } = await deps.db.transaction(async (tx) => {
    const { row, oldVoiceKey: oldKey } = await replaceStatusRow(tx, userId, values);
    if (oldKey) await deps.deletes.queue('statuses', [oldKey], tx);
    return { row, oldKey };
  });
  if (oldKey) await deps.deletes.attempt('statuses', [oldKey]);
  return row;
}

const lifetime = (now: Date) => ({ createdAt: now, expiresAt: new Date(now.getTime() + STATUS_LIFETIME_MS) });

/** A new text status replaces the previous one (and its voice note) and lives 24 hours. */
export async function setStatus(
  deps: Pick<StatusDeps, 'db' | 'deletes'>,
  userId: string,
  text: string,
  now = new Date(),
): Promise<UserStatus> {
  return presentStatus(await replaceStatus(deps, userId, { text, ...lifetime(now), ...NO_VOICE }));
}

export interface VoiceStatusInput {
  data: Buffer;
  fields: { text?: string | undefined; waveform?: string | undefined };
}

/**
 * A new status with a voice note she recorded: the same container and codec checks as a voice message,
 * at most 30 seconds and 1 MB. The file is stored before the row; if the row cannot be written the file
 * is removed again.
 */
export async function setVoiceStatus(
  deps: Pick<StatusDeps, 'db' | 'deletes' | 'voices'>,
  userId: string,
  input: VoiceStatusInput,
  now = new Date(),
): Promise<UserStatus> {
  const text = (input.fields.text ?? '').trim();
  if (text.length > STATUS_MAX_LENGTH) {
    throw badRequest(localText('statusAtMost', { count: STATUS_MAX_LENGTH }), [
      fieldError('text', localText('atMostCharacters', { count: STATUS_MAX_LENGTH })),
    ]);
  }
  if (input.data.length > MAX_VOICE_BYTES) {
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      localText('voiceNotesAtMostMb', { megabytes: MAX_VOICE_BYTES / 1024 / 1024 }),
    );
  }
  const voice = await inspectVoice(input.data, MAX_STATUS_VOICE_MS);
  const bars = parseWaveform(input.fields.waveform);
  const key = newMediaKey(voice.contentType === 'audio/webm' ? 'webm' : 'm4a');
  await deps.voices.put(key, input.data);
  let row: StatusRow | undefined;
  try {
    row = await replaceStatus(deps, userId, {
      text,
      ...lifetime(now),
      voiceKey: key,
      voiceContentType: voice.contentType,
      voiceBytes: input.data.length,
      voiceDurationMs: voice.durationMs,
      voiceWaveform: bars,
    });
  } finally {
    if (!row) await deps.deletes.now('statuses', [key]);
  }
  return presentStatus(row);
}

/** Clearing her status deletes its voice note too. */
export async function clearStatus(deps: Pick<StatusDeps, 'db' | 'deletes'>, userId: string): Promise<void> {
  const key = await deps.db.transaction(async (tx) => {
    const voiceKey = await deleteStatus(tx, userId);
    if (voiceKey) await deps.deletes.queue('statuses', [voiceKey], tx);
    return voiceKey;
  });
  if (key) await deps.deletes.attempt('statuses', [key]);
}

const voiceGone = () => notFound(localText('thisVoiceNoteIs'));

/**
 * GET /api/users/{id}/status/voice/{version}: the voice note of her live status, for a member who may
 * see her profile (not blocked either way; a profile shown to matches only needs a match). Her own
 * always; anything else — expired, replaced, never there — is the same 404.
 */
export async function statusVoiceFile(
  deps: Pick<StatusDeps, 'db' | 'voices' | 'areMatched' | 'log'>,
  viewerId: string,
  userId: string,
  version: string,
  now = new Date(),
): Promise<{ data: Buffer; contentType: string }> {
  const user = await findViewableUser(deps.db, viewerId, userId, deps.areMatched);
  const row = await statusOf(deps.db, user.id);
  if (!row?.voiceKey || !row.voiceContentType || versionOf(row) !== version) throw voiceGone();
  if (user.id !== viewerId && row.expiresAt <= now) throw voiceGone();
  try {
    return { data: await deps.voices.get(row.voiceKey), contentType: row.voiceContentType };
  } catch (error) {
    deps.log.warn({ err: error }, 'status voice file missing');
    throw voiceGone();
  }
}

/**
 * Expired statuses lose their voice notes: the columns are cleared and the files deleted through the
 * durable media-deletes queue, in the same transaction. The text stays (she sees 'Expired').
 */
async function sweepExpiredStatusVoices(deps: Pick<StatusDeps, 'db' | 'deletes'>, now = new Date()): Promise<number> {
  const keys = await deps.db.transaction(async (tx) => {
    const keys = await clearExpiredVoices(tx, now);
    if (keys.length > 0) await deps.deletes.queue('statuses', keys, tx);
    return keys;
  });
  // Tried at once too: the file stops being there now, not at the queue's next poll.
  if (keys.length > 0) await deps.deletes.attempt('statuses', keys);
  return keys.length;
}

export function registerStatusJobs(deps: Pick<StatusDeps, 'db' | 'deletes' | 'jobs'>): void {
  deps.jobs.every(STATUS_VOICE_SWEEP_JOB, SWEEP_EVERY_MS, (now) =>
    sweepExpiredStatusVoices(deps, now).then(() => undefined),
  );
}

/** Her status voice note's key, read before her account is deleted (the row goes by ON DELETE CASCADE). */
export async function statusVoiceKeysOf(db: Db, userId: string): Promise<string[]> {
  const row = await statusOf(db, userId);
  return row?.voiceKey ? [row.voiceKey] : [];
}

/** Her status voice note with its bytes, for her data export. */
export async function statusVoiceOf(db: Db, voices: MediaStorage, userId: string) {
  const row = await statusOf(db, userId);
  if (!row?.voiceKey) return null;
  return {
    contentType: row.voiceContentType ?? 'application/octet-stream',
    durationMs: row.voiceDurationMs,
    postedAt: row.createdAt.toISOString(),
    dataBase64: await voices.get(row.voiceKey).then(
      (b) => b.toString('base64'),
      () => null,
    ),
  };
}

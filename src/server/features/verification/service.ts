import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MIN_VERIFICATION_PHOTOS,
  REVIEW_WITHIN_MS,
  VERIFICATION_POSES,
  VERIFICATION_RETRY_MS,
  type SocialHandles,
  type VerificationDecision,
  type VerificationQueue,
  type VerificationRecord,
  type VerificationReview,
} from '../../../contract/verification';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { accountState, requireModerator, updateUser } from '../../core';
import type { DomainEvents } from '../../domain-events';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors';
import type { JobQueue } from '../../jobs';
import { matchPartnerIds } from '../matches';
import { newMediaKey, type MediaDeletes, type MediaStorage } from '../../media';
import { perceptualHash, photoOwnersNearHash, renderPhoto, reviewSubjects } from '../profiles';
import { firstUnmet, photoAnalysisOf } from './analysis';
import {
  deleteSelfie,
  pendingSelfieOf,
  pendingSelfies,
  selfieById,
  storeSelfie,
  updateVerification,
  upsertVerification,
  verificationOf,
  type VerificationRow,
} from './repository';
import { localText } from '../../i18n';

export interface VerificationDeps {
  db: Db;
  caches: DbCaches;
  /** Published profile photos (read for analysis). */
  media: MediaStorage;
  /** Pose selfies: a private space, never given a public URL. */
  selfies: MediaStorage;
  mediaDeletes: MediaDeletes;
  jobs: JobQueue;
  events: DomainEvents;
  log: FastifyBaseLogger;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PHOTO_ADDED_NOTE = 'You added a new photo after your verification. Verify again to get your badge back.';

export async function getVerificationRecord(
  deps: Pick<VerificationDeps, 'db' | 'jobs'>,
  userId: string,
): Promise<VerificationRecord> {
  const { db } = deps;
  const [row, selfie, state, photoCheck] = [
    await verificationOf(db, userId),
    await pendingSelfieOf(db, userId),
    await accountState(db, userId),
    await photoAnalysisOf(deps, userId, { queueMissing: false }),
  ];
  const photos = photoCheck.photos;
  const isVerified = state?.verified ?? false;
  const status = isVerified ? 'verified' : selfie ? 'pending' : row?.status === 'rejected' ? 'rejected' : 'not_started';
  const handles = handlesOf(row);
  return {
    isVerified,
    verificationStatus: status,
    verificationNotes: row?.notes ?? null,
    photos: photos.map((p) => p.url),
    minPhotosRequired: MIN_VERIFICATION_PHOTOS,
    hasRequiredPhotos: photos.length >= MIN_VERIFICATION_PHOTOS,
    socialVerified: Object.values(handles).some((h) => h !== null),
    ...handles,
    showSocialHandles: row?.showSocialHandles ?? false,
    pose: selfie?.pose ?? row?.pose ?? null,
    selfieSubmitted: selfie !== undefined,
    submittedAt: selfie?.createdAt.toISOString() ?? null,
    retryAfter:
      status === 'rejected' && row?.retryAfter && row.retryAfter > new Date() ? row.retryAfter.toISOString() : null,
    analysisPassed: photos.length > 0 && photoCheck.state === 'complete' ? photoCheck.passed : null,
    photoCheck,
  };
}

function handlesOf(row: VerificationRow | undefined): SocialHandles {
  return {
    instagramHandle: row?.instagramHandle ?? null,
    tiktokHandle: row?.tiktokHandle ?? null,
    twitterHandle: row?.twitterHandle ?? null,
  };
}

/**
 * Starts (or restarts) a request: a fresh random pose for the selfie that follows. Only once her
 * photo check passes, the same check her screen shows.
 */
export async function requestVerification(deps: VerificationDeps, userId: string, now = new Date()): Promise<string> {
  const { db } = deps;
  if ((await accountState(db, userId))?.verified) throw conflict(localText('yourProfileIsAlready'));
  if (await pendingSelfieOf(db, userId)) throw conflict(localText('yourVerificationIsAlready'));
  const row = await verificationOf(db, userId);
  if (row?.status === 'rejected' && row.retryAfter && row.retryAfter > now) {
    throw tooManyRequests(
      localText('verificationRetryAfter', { at: row.retryAfter.toISOString() }),
      Math.ceil((row.retryAfter.getTime() - now.getTime()) / 1000),
    );
  }
  const unmet = firstUnmet(await photoAnalysisOf(deps, userId, { queueMissing: true }));
  if (unmet) {
    throw badRequest(localText('verificationUnmet', { id: unmet.id, todo: unmet.todo, label: unmet.label }));
  }
  const pose = VERIFICATION_POSES[randomInt(VERIFICATION_POSES.length)] ?? VERIFICATION_POSES[0];
  await upsertVerification(db, userId, { pose, updatedAt: now });
  return pose;
}

/**
 * The pose selfie, through the same pipeline as profile photos (type sniffed, decoded under a pixel
 * limit, re-encoded without metadata), then kept in the private store only.
 */
export async function submitSelfie(deps: VerificationDeps, userId: string, upload: Buffer): Promise<void> {
  const { db, selfies } = deps;
  const row = await verificationOf(db, userId);
  if ((await accountState(db, userId))?.verified) throw conflict(localText('yourProfileIsAlready'));
  if (await pendingSelfieOf(db, userId)) throw conflict(localText('yourVerificationIsAlready'));
  if (!row?.pose) throw conflict(localText('requestVerificationFirstWe'));
  const { large } = await renderPhoto(upload);
  const storageKey = newMediaKey('webp');
  await selfies.put(storageKey, large);
  try {
    await storeSelfie(db, { userId, pose: row.pose ?? '', storageKey });
  } catch (error) {
    await removeSelfieFiles(deps, [storageKey]);
    // Two uploads at once: the unique user id lets one through.
    if ((error as { code?: string }).code === '23505' || /unique/i.test(String((error as Error).message))) {
      throw conflict(localText('yourVerificationIsAlready'));
    }
    throw error;
  }
}

export async function saveSocialHandles(
  db: Db,
  userId: string,
  body: { instagramHandle?: string | undefined; tiktokHandle?: string | undefined; twitterHandle?: string | undefined },
): Promise<void> {
  const handles = {
    instagramHandle: body.instagramHandle ?? null,
    tiktokHandle: body.tiktokHandle ?? null,
    twitterHandle: body.twitterHandle ?? null,
    updatedAt: new Date(),
  };
  await upsertVerification(db, userId, handles);
}

export async function setSocialVisibility(db: Db, userId: string, showSocialHandles: boolean): Promise<void> {
  await upsertVerification(db, userId, { showSocialHandles, updatedAt: new Date() });
}

/**
 * Her handles as a member sees them: herself always; a match only when she shares them; anyone else
 * learns nothing (not even whether she has any).
 */
export async function socialHandlesFor(db: Db, viewerId: string, ownerId: string): Promise<SocialHandles | null> {
  if (!UUID.test(ownerId)) throw notFound(localText('memberNotFound'));
  const row = await verificationOf(db, ownerId);
  if (viewerId === ownerId) return handlesOf(row);
  if (!row?.showSocialHandles) return null;
  const partners = await matchPartnerIds(db, viewerId);
  if (!partners.includes(ownerId)) return null;
  const handles = handlesOf(row);
  return Object.values(handles).some((h) => h !== null) ? handles : null;
}

// ---------------------------------------------------------------------------------------------
// Moderator review
// ---------------------------------------------------------------------------------------------

export async function verificationQueue(db: Db, moderatorId: string, now = new Date()): Promise<VerificationQueue> {
  await requireModerator(db, moderatorId);
  const rows = await pendingSelfies(db);
  const members = await reviewSubjects(
    db,
    rows.map((r) => r.userId),
  );
  return {
    requests: rows.flatMap((row) => {
      const user = members.get(row.userId);
      if (!user) return [];
      return [
        {
          id: row.id,
          user,
          pose: row.pose,
          submittedAt: row.createdAt.toISOString(),
          overdue: now.getTime() - row.createdAt.getTime() > REVIEW_WITHIN_MS,
        },
      ];
    }),
  };
}

async function requestById(db: Db, requestId: string) {
  return UUID.test(requestId) ? selfieById(db, requestId) : undefined;
}

const requestGone = () => notFound(localText('thisRequestWasAlready'));

export async function verificationReview(
  deps: VerificationDeps,
  moderatorId: string,
  requestId: string,
  now = new Date(),
): Promise<VerificationReview> {
  const { db, selfies } = deps;
  await requireModerator(db, moderatorId);
  const row = await requestById(db, requestId);
  if (!row) throw requestGone();
  const user = (await reviewSubjects(db, [row.userId])).get(row.userId);
  if (!user) throw requestGone();
  const image = await selfies.get(row.storageKey);
  return {
    selfieCopiedFrom: await selfieCopiedFrom(db, row.userId, image),
    id: row.id,
    user,
    pose: row.pose,
    submittedAt: row.createdAt.toISOString(),
    overdue: now.getTime() - row.createdAt.getTime() > REVIEW_WITHIN_MS,
    selfieDataUrl: `data:image/webp;base64,${image.toString('base64')}`,
    analysis: await photoAnalysisOf(deps, row.userId, { queueMissing: true }),
  };
}

/** Her own photos first: a selfie copied from her profile is the commoner shortcut. */
async function selfieCopiedFrom(
  db: Db,
  userId: string,
  selfie: Buffer,
): Promise<VerificationReview['selfieCopiedFrom']> {
  const hash = await perceptualHash(selfie);
  if (hash === null) return null;
  const owners = await photoOwnersNearHash(db, hash);
  if (owners.has(userId)) return 'her_profile_photo';
  return owners.size > 0 ? 'another_members_photo' : null;
}

/**
 * A moderator's decision. Either way the selfie row and file are deleted at once: nothing of the
 * review is kept but the outcome and the note she reads.
 */
export async function decideVerification(
  deps: VerificationDeps,
  moderatorId: string,
  requestId: string,
  decision: { approve: boolean; note?: string | undefined },
  now = new Date(),
): Promise<VerificationDecision> {
  const { db, events } = deps;
  await requireModerator(db, moderatorId);
  const pending = await requestById(db, requestId);
  if (!pending) throw requestGone();
  if (pending.userId === moderatorId) throw forbidden(localText('anotherModeratorMustReview'));
  const status = decision.approve ? 'verified' : 'rejected';
  const decided = await db.transaction(async (tx) => {
    const row = await deleteSelfie(tx, requestId);
    if (!row) return undefined;
    await deps.mediaDeletes.queue('selfies', [row.storageKey], tx);
    await updateVerification(tx, row.userId, {
      status,
      notes: decision.note ?? null,
      pose: null,
      reviewedAt: now,
      retryAfter: decision.approve ? null : new Date(now.getTime() + VERIFICATION_RETRY_MS),
      updatedAt: now,
    });
    await updateUser(tx, deps.caches, row.userId, { isVerified: decision.approve });
    return row;
  });
  if (!decided) throw requestGone();
  await deps.mediaDeletes.attempt('selfies', [decided.storageKey]);
  if (decision.approve) events.emit('verification.approved', { userId: decided.userId, approvedAt: now.toISOString() });
  return { userId: decided.userId, status };
}

/**
 * The badge stays while every photo on her profile is one the moderator saw: deleting or reordering
 * keeps it, a new photo (a face nobody checked) takes it away until she verifies again.
 */
export async function onPhotoAdded(db: Db, caches: DbCaches, userId: string): Promise<void> {
  if (!(await accountState(db, userId))?.verified) return;
  await db.transaction(async (tx) => {
    await updateVerification(tx, userId, {
      status: 'not_started',
      notes: PHOTO_ADDED_NOTE,
      pose: null,
      retryAfter: null,
      updatedAt: new Date(),
    });
    await updateUser(tx, caches, userId, { isVerified: false });
  });
}

/** A selfie file left behind would outlive its review, so a failure is logged loudly for clean-up. */
async function removeSelfieFiles(deps: Pick<VerificationDeps, 'mediaDeletes' | 'log'>, keys: string[]) {
  await deps.mediaDeletes.now('selfies', keys).catch((error: unknown) => {
    deps.log.error({ err: error, keys }, 'could not delete or queue the deletion of a verification selfie');
  });
}

/** Her selfie awaiting review, if any: account deletion removes the file with her rows. */
export async function selfieKeysOf(db: Db, userId: string): Promise<string[]> {
  const row = await pendingSelfieOf(db, userId);
  return row ? [row.storageKey] : [];
}

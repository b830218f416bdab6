import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PhotoAnalysis, PhotoAnalysisResult } from '../../../contract/verification';
import type { Db } from '../../db/client';
import { photoAnalyses } from '../../db/schema/verification';
import type { JobQueue } from '../../jobs';
import type { MediaStorage } from '../../media';
import { photosCopiedFromOthers, storedPhotosOf } from '../profiles';
import { faceDetector } from './face-detector';
import { measureQuality } from './image-quality';

export const ANALYZE_PHOTO_JOB = 'verification.analyze-photo';
export const COPIED_PHOTO_REASON = 'This photo is used by another profile';

export interface AnalysisDeps {
  db: Db;
  media: MediaStorage;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}

/** Queues the analysis of one photo; a photo already queued is not queued twice. */
export async function queuePhotoAnalysis(jobs: JobQueue, userId: string, photoId: string): Promise<void> {
  await jobs.enqueue(ANALYZE_PHOTO_JOB, { userId, photoId }, { dedupeKey: `analyze-photo:${photoId}`, maxAttempts: 3 });
}

/**
 * The job: measures a stored photo once and caches the result by photo id (a photo's pixels never
 * change; replacing a photo makes a new id). Face detection takes a few hundred ms per photo on one
 * core, so it never runs on a request.
 */
export async function analyzeStoredPhoto(deps: AnalysisDeps, userId: string, photoId: string): Promise<void> {
  const { db, media, log } = deps;
  const photo = (await storedPhotosOf(db, userId)).find((p) => p.id === photoId);
  if (!photo) return;
  const [cached] = await db
    .select({ id: photoAnalyses.photoId })
    .from(photoAnalyses)
    .where(eq(photoAnalyses.photoId, photoId));
  if (cached) return;
  const image = await media.get(photo.largeKey);
  const quality = await measureQuality(image);
  const detector = await faceDetector((error) =>
    log.warn({ err: error }, 'face model unavailable; faces go to moderators'),
  );
  const faceCount = detector ? await detector.countFaces(image) : null;
  await db
    .insert(photoAnalyses)
    .values({
      photoId,
      userId,
      width: quality.width,
      height: quality.height,
      sharpness: quality.sharpness,
      brightness: quality.brightness,
      qualityScore: quality.qualityScore,
      qualityReasons: quality.reasons,
      faceCount,
    })
    .onConflictDoNothing();
}

/**
 * Her photos' results: quality and faces from the cache (missing ones are queued and reported as
 * analysing), authenticity live, since another account may publish a copy at any time.
 */
export async function photoAnalysisOf(
  deps: Pick<AnalysisDeps, 'db' | 'jobs'>,
  userId: string,
  options: { queueMissing: boolean },
): Promise<PhotoAnalysisResult> {
  const { db, jobs } = deps;
  const stored = await storedPhotosOf(db, userId);
  const ids = stored.map((p) => p.id);
  const cached = ids.length ? await db.select().from(photoAnalyses).where(inArray(photoAnalyses.photoId, ids)) : [];
  const byPhoto = new Map(cached.map((row) => [row.photoId, row]));
  const copied = await photosCopiedFromOthers(db, userId);

  const photos: PhotoAnalysis[] = [];
  for (const photo of stored) {
    const row = byPhoto.get(photo.id);
    const isCopy = copied.has(photo.id);
    if (!row) {
      if (options.queueMissing) await queuePhotoAnalysis(jobs, userId, photo.id);
      photos.push({
        photoId: photo.id,
        url: photo.url,
        analyzed: false,
        qualityScore: null,
        authenticityScore: null,
        faceVerificationPassed: null,
        faceCount: null,
        reasons: [],
        passed: false,
      });
      continue;
    }
    const reasons = [...row.qualityReasons, ...(isCopy ? [COPIED_PHOTO_REASON] : [])];
    photos.push({
      photoId: photo.id,
      url: photo.url,
      analyzed: true,
      qualityScore: row.qualityScore,
      authenticityScore: isCopy ? 0 : 100,
      faceVerificationPassed: row.faceCount === null ? null : row.faceCount === 1,
      faceCount: row.faceCount,
      reasons,
      passed: reasons.length === 0,
    });
  }

  const complete = photos.every((p) => p.analyzed);
  const faceModelAvailable = cached.length > 0 && cached.every((row) => row.faceCount !== null);
  if (!complete || photos.length === 0) {
    return {
      state: complete ? 'complete' : 'analyzing',
      photos,
      overallScores: null,
      passed: false,
      faceModelAvailable,
    };
  }
  const average = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  const faceVerificationPassed = faceModelAvailable ? photos.some((p) => p.faceVerificationPassed === true) : null;
  return {
    state: 'complete',
    photos,
    overallScores: {
      qualityScore: average(photos.map((p) => p.qualityScore ?? 0)),
      authenticityScore: average(photos.map((p) => p.authenticityScore ?? 0)),
      faceVerificationPassed,
    },
    passed: photos.every((p) => p.passed) && faceVerificationPassed !== false,
    faceModelAvailable,
  };
}

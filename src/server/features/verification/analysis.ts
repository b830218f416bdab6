import type { FastifyBaseLogger } from 'fastify';
import {
  MIN_VERIFICATION_PHOTOS,
  type PhotoAnalysis,
  type PhotoAnalysisResult,
  type PhotoRequirement,
} from '../../../contract/verification';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs';
import type { MediaStorage } from '../../media';
import { photosCopiedFromOthers, storedPhotosOf } from '../profiles';
import { faceDetector } from './face-detector';
import { measureQuality } from './image-quality';
import { analysesOf, hasAnalysis, insertAnalysis } from './repository';

export const ANALYZE_PHOTO_JOB = 'verification.analyze-photo';
export const COPIED_PHOTO_REASON = 'This photo is used by another profile';

interface AnalysisDeps {
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
  if (await hasAnalysis(db, photoId)) return;
  const image = await media.get(photo.largeKey);
  const quality = await measureQuality(image);
  const detector = await faceDetector((error) =>
    log.warn({ err: error }, 'face model unavailable; faces go to moderators'),
  );
  const faceCount = detector ? await detector.countFaces(image) : null;
  await insertAnalysis(db, {
    photoId,
    userId,
    width: quality.width,
    height: quality.height,
    sharpness: quality.sharpness,
    brightness: quality.brightness,
    qualityScore: quality.qualityScore,
    qualityReasons: quality.reasons,
    faceCount,
  });
}

/**
 * Her photo check, the one result every screen and the request rule read: quality and faces from
 * the cache (missing ones are queued and reported as analysing), authenticity live, since another
 * account may publish a copy at any time.
 */
export async function photoAnalysisOf(
  deps: Pick<AnalysisDeps, 'db' | 'jobs'>,
  userId: string,
  options: { queueMissing: boolean },
): Promise<PhotoAnalysisResult> {
  const { db, jobs } = deps;
  const stored = await storedPhotosOf(db, userId);
  const cached = await analysesOf(
    db,
    stored.map((p) => p.id),
  );
  const byPhoto = new Map(cached.map((row) => [row.photoId, row]));
  const copied = await photosCopiedFromOthers(db, userId);
  const measured: MeasuredPhoto[] = [];
  for (const photo of stored) {
    const row = byPhoto.get(photo.id);
    if (!row && options.queueMissing) await queuePhotoAnalysis(jobs, userId, photo.id);
    measured.push({
      photoId: photo.id,
      url: photo.url,
      measurement: row
        ? {
            qualityScore: row.qualityScore,
            qualityReasons: row.qualityReasons,
            faceCount: row.faceCount,
            copied: copied.has(photo.id),
          }
        : null,
    });
  }
  return photoCheckOf(measured);
}

interface MeasuredPhoto {
  photoId: string;
  url: string;
  /** Null while its background analysis has not run. */
  measurement: {
    qualityScore: number;
    qualityReasons: string[];
    /** Null when no face model could run. */
    faceCount: number | null;
    copied: boolean;
  } | null;
}

export const NO_FACE_REASON = 'No face found';
const SEVERAL_FACES_REASON = 'More than one face';

/**
 * The check's verdict from her measured photos. Pure, so tiles, summary, checklist and the request
 * rule cannot disagree. While no photo shows her face alone, every faceless tile says why, so no tile
 * reads "Looks good" beside a summary that says the face was not found.
 */
function photoCheckOf(measured: MeasuredPhoto[]): PhotoAnalysisResult {
  const analysed = measured.flatMap((p) => (p.measurement ? [p.measurement] : []));
  const complete = analysed.length === measured.length;
  const faceModelAvailable = analysed.length > 0 && analysed.every((m) => m.faceCount !== null);
  const faceFound = analysed.some((m) => m.faceCount === 1);
  // Without a face model (faceCount null) the moderator checks faces by eye: not her requirement.
  const faceRequirementMet = faceFound || (complete && measured.length > 0 && !faceModelAvailable);
  const faceMissing = complete && faceModelAvailable && !faceFound;

  const photos: PhotoAnalysis[] = measured.map(({ photoId, url, measurement: m }) => {
    if (!m) {
      return {
        photoId,
        url,
        analyzed: false,
        qualityScore: null,
        authenticityScore: null,
        faceVerificationPassed: null,
        faceCount: null,
        reasons: [],
        passed: false,
      };
    }
    const faceReason = faceMissing ? [m.faceCount === 0 ? NO_FACE_REASON : SEVERAL_FACES_REASON] : [];
    const reasons = [...m.qualityReasons, ...(m.copied ? [COPIED_PHOTO_REASON] : []), ...faceReason];
    return {
      photoId,
      url,
      analyzed: true,
      qualityScore: m.qualityScore,
      authenticityScore: m.copied ? 0 : 100,
      faceVerificationPassed: m.faceCount === null ? null : m.faceCount === 1,
      faceCount: m.faceCount,
      reasons,
      passed: reasons.length === 0,
    };
  });

  const missing = Math.max(0, MIN_VERIFICATION_PHOTOS - measured.length);
  const failing = photos
    .map((photo, index) => ({ photo, index }))
    .filter(
      ({ photo }) => photo.analyzed && photo.reasons.some((r) => r !== NO_FACE_REASON && r !== SEVERAL_FACES_REASON),
    );
  const requirements: PhotoRequirement[] = [
    {
      id: 'enough_photos',
      label: `At least ${MIN_VERIFICATION_PHOTOS} photos`,
      met: missing === 0,
      todo: missing === 0 ? null : `Add ${missing} more ${missing === 1 ? 'photo' : 'photos'} to your profile`,
    },
    {
      id: 'analysis_finished',
      label: 'Every photo checked',
      met: complete && measured.length > 0,
      todo: complete && measured.length > 0 ? null : 'Wait for the check of your photos to finish',
    },
    {
      id: 'photos_pass',
      label: 'Sharp, well lit photos of you only',
      met: failing.length === 0,
      todo:
        failing.length === 0
          ? null
          : failing
              .map(({ photo, index }) => `Replace photo ${index + 1}: ${photo.reasons.join(', ').toLowerCase()}`)
              .join('; '),
    },
    {
      id: 'face_alone',
      label: 'Your face, alone, in at least one photo',
      met: faceRequirementMet,
      todo: faceRequirementMet
        ? null
        : complete
          ? 'Add a photo where your face is clearly visible, with nobody else'
          : 'We look for your face once every photo is checked',
    },
  ];
  const passed = requirements.every((r) => r.met);
  const average = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  return {
    state: complete ? 'complete' : 'analyzing',
    photos,
    overallScores:
      complete && photos.length > 0
        ? {
            qualityScore: average(photos.map((p) => p.qualityScore ?? 0)),
            authenticityScore: average(photos.map((p) => p.authenticityScore ?? 0)),
            faceVerificationPassed: faceModelAvailable ? faceFound : null,
          }
        : null,
    passed,
    faceModelAvailable,
    requirements,
  };
}

/** The first unmet requirement, for the refusal of a request that comes too early. */
export function firstUnmet(check: PhotoAnalysisResult): PhotoRequirement | undefined {
  return check.requirements.find((r) => !r.met);
}

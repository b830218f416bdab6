import { z } from 'zod';

/*
 * Verification (product §2, 3, 5, 8, 9): photo analysis, a random-pose selfie reviewed by a
 * moderator, optional social handles. It proves a member is a real person who matches her photos;
 * it never judges anyone's gender from a face.
 */

export const VERIFICATION_STATUSES = ['not_started', 'pending', 'verified', 'rejected'] as const;

export const MIN_VERIFICATION_PHOTOS = 3;
/** A rejected member may ask again after this long; a pending request is overdue after as long. */
export const VERIFICATION_RETRY_MS = 24 * 60 * 60_000;
export const REVIEW_WITHIN_MS = 24 * 60 * 60_000;

/** Poses easy to do with one hand and hard to fake with an old photo. */
export const VERIFICATION_POSES = [
  'Touch your left ear with your right hand',
  'Thumbs up next to your chin',
  'Make a peace sign above your head',
  'Cover your left eye with your hand',
  'Hold three fingers up next to your face',
  'Touch your nose with your index finger',
  'Wave with your left hand beside your cheek',
  'Rest your chin on your fist',
] as const;

// ---------------------------------------------------------------------------------------------
// Social handles (product §5: empty handles are omitted; stored as handles, never URLs)
// ---------------------------------------------------------------------------------------------

const SOCIAL_NETWORKS = {
  instagramHandle: { label: 'Instagram', max: 30, pattern: /^(?!.*\.\.)(?!\.)(?!.*\.$)[A-Za-z0-9._]+$/ },
  tiktokHandle: { label: 'TikTok', max: 24, min: 2, pattern: /^(?!.*\.$)[A-Za-z0-9._]+$/ },
  twitterHandle: { label: 'Twitter', max: 15, pattern: /^[A-Za-z0-9_]+$/ },
} as const;
type SocialHandleKey = keyof typeof SOCIAL_NETWORKS;

/** '@name' and 'name' are the same handle; a URL or anything else is refused with the network's rule. */
const handleField = (key: SocialHandleKey) => {
  const network: { label: string; max: number; min?: number; pattern: RegExp } = SOCIAL_NETWORKS[key];
  const { label, max, pattern } = network;
  const min = network.min ?? 1;
  return z
    .string(`${label} handle must be text`)
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(
      z.union([
        z.literal(''),
        z
          .string()
          .min(min, `${label} handles are at least ${min} characters`)
          .max(max, `${label} handles are at most ${max} characters`)
          .regex(
            pattern,
            key === 'twitterHandle'
              ? `${label} handles use only letters, digits and _ (not a link)`
              : `${label} handles use only letters, digits, . and _ (not a link)`,
          ),
      ]),
    )
    .transform((value) => (value === '' ? undefined : value))
    .optional();
};

export const socialHandlesBody = z.object({
  instagramHandle: handleField('instagramHandle'),
  tiktokHandle: handleField('tiktokHandle'),
  twitterHandle: handleField('twitterHandle'),
});
export type SocialHandlesBody = z.input<typeof socialHandlesBody>;

export const socialHandles = z.object({
  instagramHandle: z.string().nullable(),
  tiktokHandle: z.string().nullable(),
  twitterHandle: z.string().nullable(),
});
export type SocialHandles = z.infer<typeof socialHandles>;

export const socialVisibilityBody = z.object({
  showSocialHandles: z.boolean('showSocialHandles must be true or false'),
});

/** What a match sees: her handles when she turned sharing on, else nothing. */
export const sharedSocialHandles = z.object({ handles: socialHandles.nullable() });

// ---------------------------------------------------------------------------------------------
// Photo analysis (POST /api/users/{id}/photos/analyze)
// ---------------------------------------------------------------------------------------------

export const photoAnalysis = z.object({
  photoId: z.string(),
  url: z.string(),
  /** False while the background analysis of this photo has not finished. */
  analyzed: z.boolean(),
  qualityScore: z.number().int().nullable(),
  authenticityScore: z.number().int().nullable(),
  /** Exactly one clear face; null when no face model could run (a moderator checks instead). */
  faceVerificationPassed: z.boolean().nullable(),
  faceCount: z.number().int().nullable(),
  /**
   * Why the photo needs attention: 'too small', 'blurry', 'too dark', 'This photo is used by another
   * profile', and 'No face found' while none of her photos shows her face alone.
   */
  reasons: z.array(z.string()),
  /** No reasons: the tile says "Looks good". */
  passed: z.boolean(),
});
export type PhotoAnalysis = z.infer<typeof photoAnalysis>;

const overallScores = z.object({
  qualityScore: z.number().int(),
  authenticityScore: z.number().int(),
  /** At least one photo shows exactly one clear face; null when no face model could run. */
  faceVerificationPassed: z.boolean().nullable(),
});

/** What the photo check asks before she may request verification, in the order she meets them. */
const PHOTO_REQUIREMENT_IDS = ['enough_photos', 'analysis_finished', 'photos_pass', 'face_alone'] as const;

export const photoRequirement = z.object({
  id: z.enum(PHOTO_REQUIREMENT_IDS),
  label: z.string(),
  met: z.boolean(),
  /** When unmet: what to do, in her words ("Add 1 more photo", "Replace photo 2: blurry"). */
  todo: z.string().nullable(),
});
export type PhotoRequirement = z.infer<typeof photoRequirement>;

/**
 * The photo check: the one result every screen shows (tiles, summary, checklist, the moderator's
 * review) and the rule the server applies before a verification request.
 */
export const photoAnalysisResult = z.object({
  /** 'analyzing' while some photo's analysis is still running in the background; ask again shortly. */
  state: z.enum(['complete', 'analyzing']),
  photos: z.array(photoAnalysis),
  overallScores: overallScores.nullable(),
  /** Every requirement is met: she may request verification. */
  passed: z.boolean(),
  /** False when no face model runs here: the moderator checks faces by eye. */
  faceModelAvailable: z.boolean(),
  requirements: z.array(photoRequirement),
});
export type PhotoAnalysisResult = z.infer<typeof photoAnalysisResult>;

// ---------------------------------------------------------------------------------------------
// The record (GET /api/users/verification/{id})
// ---------------------------------------------------------------------------------------------

export const verificationRecord = z.object({
  isVerified: z.boolean(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  verificationNotes: z.string().nullable(),
  photos: z.array(z.string()),
  minPhotosRequired: z.number().int(),
  hasRequiredPhotos: z.boolean(),
  /** She linked at least one social handle. */
  socialVerified: z.boolean(),
  instagramHandle: z.string().nullable(),
  tiktokHandle: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  showSocialHandles: z.boolean(),
  /** The pose asked by her open request, until a moderator decides. */
  pose: z.string().nullable(),
  /** Her selfie is with the moderators. */
  selfieSubmitted: z.boolean(),
  submittedAt: z.string().nullable(),
  /** After a rejection: when she may ask again. */
  retryAfter: z.string().nullable(),
  /** Her photo check passed (null: some photo not analysed yet, or no photos). Same as photoCheck.passed. */
  analysisPassed: z.boolean().nullable(),
  /** Her photo check, exactly as POST /api/users/{id}/photos/analyze answers it. */
  photoCheck: photoAnalysisResult,
});
export type VerificationRecord = z.infer<typeof verificationRecord>;

export const verificationRequestResponse = z.object({ pose: z.string(), record: verificationRecord });
export type VerificationRequestResponse = z.infer<typeof verificationRequestResponse>;

/** The multipart field the selfie is sent in. */
export const SELFIE_FIELD = 'selfie';

// ---------------------------------------------------------------------------------------------
// Moderator review (/api/moderation/verifications)
// ---------------------------------------------------------------------------------------------

export const verificationQueueItem = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), age: z.number().int(), photos: z.array(z.string()) }),
  pose: z.string(),
  submittedAt: z.string(),
  /** Waiting longer than the 24 hours we promise. */
  overdue: z.boolean(),
});
export type VerificationQueueItem = z.infer<typeof verificationQueueItem>;

export const verificationQueue = z.object({ requests: z.array(verificationQueueItem) });
export type VerificationQueue = z.infer<typeof verificationQueue>;

export const verificationReview = verificationQueueItem.extend({
  /** The selfie inline (data: URL), so it never has a URL that could be shared or cached. */
  selfieDataUrl: z.string(),
  analysis: photoAnalysisResult,
  /**
   * The selfie is the same picture (perceptual hash) as one of her own profile photos, or as another
   * member's: a copy, not a live selfie. Never says whose.
   */
  selfieCopiedFrom: z.enum(['her_profile_photo', 'another_members_photo']).nullable(),
});
export type VerificationReview = z.infer<typeof verificationReview>;

const NOTE_MAX_LENGTH = 500;

export const approveVerificationBody = z.object({
  note: z
    .string('Note must be text')
    .trim()
    .max(NOTE_MAX_LENGTH, `Notes are at most ${NOTE_MAX_LENGTH} characters`)
    .optional(),
});

export const rejectVerificationBody = z.object({
  note: z
    .string('Say why in a note')
    .trim()
    .min(1, 'Say why in a note')
    .max(NOTE_MAX_LENGTH, `Notes are at most ${NOTE_MAX_LENGTH} characters`),
});

export const verificationDecision = z.object({
  userId: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
});
export type VerificationDecision = z.infer<typeof verificationDecision>;

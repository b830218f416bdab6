import { z } from 'zod';
import { publicBadge } from './badges';
import { safeText } from './text';
import { promptAnswersField, promptAnswerView } from './prompts';
import { LIFESTYLE_FIELDS, LIFESTYLE_KEYS, type LifestyleKey } from './lifestyle';
import { interestsField, locationField, MAXIMUM_AGE, MINIMUM_AGE, teaInterestsField } from './auth';

/*
 * Profiles: the public profile another member sees, the editable fields, photos, the 24-hour
 * status, profile numbers and profile completeness (product §3, 4, 5).
 */

// ---------------------------------------------------------------------------------------------
// Option lists for the profile details
// ---------------------------------------------------------------------------------------------

export const HEIGHT_MIN_CM = 120;
export const HEIGHT_MAX_CM = 230;
export const BIO_MAX_LENGTH = 500;
const NAME_MAX_LENGTH = 50;

/** Offered as suggestions; pronouns stay free text because no list is ever complete. */
export const PRONOUN_SUGGESTIONS = ['she/her', 'she/they', 'they/them', 'they/she', 'any pronouns'] as const;

export const RELATIONSHIP_GOALS = [
  'Long-term partner',
  'Long-term, open to short',
  'Short-term, open to long',
  'Something casual',
  'New friends',
  'Still figuring it out',
] as const;

export const LOVE_LANGUAGES = [
  'Words of affirmation',
  'Quality time',
  'Receiving gifts',
  'Acts of service',
  'Physical touch',
] as const;

export { LIFESTYLE_FIELDS, LIFESTYLE_KEYS, type LifestyleKey };

// ---------------------------------------------------------------------------------------------
// Public profile (GET /api/users/{id})
// ---------------------------------------------------------------------------------------------

/**
 * What any signed-in member may see of another. An allowlist: phone, email, password hash,
 * coordinates, the ghost flag, subscription and session data are not listed, so they cannot leak.
 * isOnline/lastActive are false/null when the member is in ghost mode or hides them (preferences);
 * age is absent when she hides it.
 */
export const publicProfile = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int().optional(),
  bio: z.string(),
  location: z.string(),
  pronouns: z.string().nullable(),
  photos: z.array(z.string()),
  interests: z.array(z.string()),
  teaInterests: z.array(z.string()),
  job: z.string().nullable(),
  education: z.string().nullable(),
  /** Centimetres. */
  height: z.number().int().nullable(),
  relationshipGoals: z.string().nullable(),
  loveLanguage: z.string().nullable(),
  lifestyle: z.record(z.string(), z.string()),
  /** Her answers to profile prompts, with their questions. */
  prompts: z.array(promptAnswerView),
  isVerified: z.boolean(),
  isOnline: z.boolean(),
  lastActive: z.string().nullable(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/** A 24-hour status (product §4 Status; its rules are with the status routes below). */
const statusVoice = z.object({
  /** Changes with every new status, so a cached file never outlives its status by more than a minute. */
  url: z.string(),
  contentType: z.string(),
  durationMs: z.number().int(),
  waveform: z.array(z.number().int()),
});

/** `text` may be '' when the status is a voice note alone. */
export const userStatus = z.object({
  text: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  voice: statusVoice.nullable(),
});
export type UserStatus = z.infer<typeof userStatus>;

/**
 * GET /api/users/{id}: her public profile with the distance band from the viewer (absent when she hides
 * her distance, or either city is unknown), the badges she has earned (never progress) and her live status.
 */
export const profileDetail = publicProfile.extend({
  distance: z.string().optional(),
  badges: z.array(publicBadge),
  /** Her live 24-hour status (an expired one is not shown to others). */
  status: userStatus.nullable().optional(),
});
export type ProfileDetail = z.infer<typeof profileDetail>;

// ---------------------------------------------------------------------------------------------
// Profile update (PUT /api/users/{id})
// ---------------------------------------------------------------------------------------------

/** Optional free text: trimmed, '' clears it (null). */
const optionalText = (label: string, max: number) =>
  safeText(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** An option from a list, or ''/null to clear it. */
const optionalChoice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z
    .union([z.enum(options, `Choose a ${label} from the list`), z.literal('')])
    .transform((value) => (value === '' ? null : value))
    .nullable();

const lifestyleAnswer = <K extends LifestyleKey>(key: K) =>
  z
    .enum(LIFESTYLE_FIELDS[key].options, `Choose a ${LIFESTYLE_FIELDS[key].label.toLowerCase()} answer from the list`)
    .optional();

/**
 * The fields a member may change about herself, all optional (an omitted field is unchanged).
 * Anything else in the body (ghostMode, isVerified, role, phoneNumber, …) is dropped by the schema.
 */
export const updateProfileBody = z.object({
  name: safeText('Name must be text')
    .trim()
    .min(1, 'Name is required')
    .max(NAME_MAX_LENGTH, 'Name must be at most 50 characters')
    .optional(),
  age: z
    .number('Age must be a number')
    .int('Age must be a whole number')
    .min(MINIMUM_AGE, 'You must be at least 18 years old')
    .max(MAXIMUM_AGE, 'Please enter a real age')
    .optional(),
  bio: safeText('Bio must be text').trim().max(BIO_MAX_LENGTH, 'Bio must be at most 500 characters').optional(),
  location: locationField.optional(),
  pronouns: optionalText('Pronouns', 30).optional(),
  job: optionalText('Job', 80).optional(),
  education: optionalText('Education', 80).optional(),
  height: z
    .number('Height must be a number')
    .int('Height must be whole centimetres')
    .min(HEIGHT_MIN_CM, `Height must be between ${HEIGHT_MIN_CM} and ${HEIGHT_MAX_CM} cm`)
    .max(HEIGHT_MAX_CM, `Height must be between ${HEIGHT_MIN_CM} and ${HEIGHT_MAX_CM} cm`)
    .nullable()
    .optional(),
  relationshipGoals: optionalChoice('relationship goal', RELATIONSHIP_GOALS).optional(),
  loveLanguage: optionalChoice('love language', LOVE_LANGUAGES).optional(),
  lifestyle: z
    .object(
      {
        smoking: lifestyleAnswer('smoking'),
        drinking: lifestyleAnswer('drinking'),
        fitness: lifestyleAnswer('fitness'),
        pets: lifestyleAnswer('pets'),
        children: lifestyleAnswer('children'),
      },
      'Lifestyle must be an object',
    )
    .optional(),
  interests: interestsField.optional(),
  teaInterests: teaInterestsField.optional(),
  prompts: promptAnswersField.optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;
export type UpdateProfileInput = z.output<typeof updateProfileBody>;

// ---------------------------------------------------------------------------------------------
// Photos
// ---------------------------------------------------------------------------------------------

export const MAX_PHOTOS = 6;
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Larger images are refused from their header, before any pixel is decoded. */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** The multipart field the photo is sent in. */
export const PHOTO_FIELD = 'photo';

export const photoItem = z.object({
  id: z.string(),
  /** 1080 px WebP; the same URL as in `user.photos`. */
  url: z.string(),
  /** 320 px WebP. */
  thumbnailUrl: z.string(),
});
export type PhotoItem = z.infer<typeof photoItem>;

/** A member's photos in display order. */
export const photoList = z.object({ photos: z.array(photoItem) });

export const reorderPhotosBody = z.object({
  photoIds: z.array(z.uuid('Unknown photo')).min(1, 'List your photos').max(MAX_PHOTOS),
});

// ---------------------------------------------------------------------------------------------
// 24-hour status
// ---------------------------------------------------------------------------------------------

export const STATUS_MAX_LENGTH = 150;
export const STATUS_LIFETIME_MS = 24 * 60 * 60_000;
/**
 * A status may carry a voice note she recorded (≤ 30 s, ≤ 1 MB, WebM/Opus or MP4/AAC): uploaded with
 * POST /api/users/{id}/status/voice (multipart: `file`, `waveform`, optional `text`), which starts a new
 * status. The file is private: members who may see her profile fetch it at `voice.url` while the status
 * lives; it is deleted when the status expires or is cleared, and with her account.
 */
export const STATUS_VOICE_FILE_FIELD = 'file';

export const statusBody = z.object({
  text: safeText('Status must be text')
    .trim()
    .min(1, 'Write something to share')
    .max(STATUS_MAX_LENGTH, `A status can be at most ${STATUS_MAX_LENGTH} characters`),
});
export type StatusBody = z.infer<typeof statusBody>;

/** Her own status may be expired (shown as 'Expired'); others only ever get a live one. */
export const statusResponse = z.object({ status: userStatus.nullable() });
export type StatusResponse = z.infer<typeof statusResponse>;

/**
 * 'Nh left' (rounded up, so a fresh status reads '24h left') or 'Expired' (product §4 Status).
 * Capped at 24h: a device clock behind the server's must not show '25h left'.
 */
export function statusTimeLeft(expiresAt: string | Date, now: number = Date.now()): string {
  const remaining = new Date(expiresAt).getTime() - now;
  if (remaining <= 0) return 'Expired';
  const hours = Math.min(Math.ceil(remaining / 3_600_000), STATUS_LIFETIME_MS / 3_600_000);
  return `${hours}h left`;
}

// ---------------------------------------------------------------------------------------------
// Profile numbers (GET /api/users/{id}/stats)
// ---------------------------------------------------------------------------------------------

export const profileStats = z.object({
  /** Distinct viewers per day, all time. */
  views: z.number().int(),
  /** Likes and super likes received. */
  likes: z.number().int(),
  matches: z.number().int(),
  superLikes: z.number().int(),
  /** Consecutive UTC days with activity, ending today (or yesterday, while today is still open). */
  dayStreak: z.number().int(),
  /** profileCompleteness of her profile, in percent. */
  completeness: z.number().int(),
});
export type ProfileStats = z.infer<typeof profileStats>;

// ---------------------------------------------------------------------------------------------
// Profile completeness (product §5: 25/20/15/25/15 of 100)
// ---------------------------------------------------------------------------------------------

export * from './completeness';

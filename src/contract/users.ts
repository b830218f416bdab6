import { z } from 'zod';
import { promptAnswerView } from './prompts';

export const GENDER_IDENTITIES = ['woman', 'non-binary'] as const;
export const SEXUAL_ORIENTATIONS = ['lesbian', 'bisexual', 'pansexual'] as const;
export type GenderIdentity = (typeof GENDER_IDENTITIES)[number];
export type SexualOrientation = (typeof SEXUAL_ORIENTATIONS)[number];
export const USER_ROLES = ['member', 'moderator'] as const;

/**
 * The signed-in user's own view of herself (GET /api/auth/me, login, register).
 * An allowlist: the password hash, coordinates and session data are not in it, so they cannot leak.
 */
export const selfUser = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  age: z.number().int(),
  bio: z.string(),
  location: z.string(),
  genderIdentity: z.enum(GENDER_IDENTITIES),
  sexualOrientation: z.enum(SEXUAL_ORIENTATIONS),
  photos: z.array(z.string()),
  interests: z.array(z.string()),
  teaInterests: z.array(z.string()),
  email: z.string().nullable(),
  /** She confirmed `email` with a code: password reset can reach her there. */
  emailVerified: z.boolean(),
  /**
   * A new address she asked for while `email` is confirmed, waiting for the code sent to it; `email` stays hers
   * until then. Hers alone: only her own view (this schema) has it.
   */
  pendingEmail: z.string().nullable(),
  job: z.string().nullable(),
  education: z.string().nullable(),
  /** Centimetres. */
  height: z.number().int().nullable(),
  pronouns: z.string().nullable(),
  relationshipGoals: z.string().nullable(),
  loveLanguage: z.string().nullable(),
  lifestyle: z.record(z.string(), z.string()),
  prompts: z.array(promptAnswerView),
  ghostMode: z.boolean(),
  hasActiveSubscription: z.boolean(),
  isVerified: z.boolean(),
  isOnline: z.boolean(),
  lastActive: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  smsNotifications: z.boolean(),
  role: z.enum(USER_ROLES),
  createdAt: z.string(),
});
export type SelfUser = z.infer<typeof selfUser>;

export const subscriptionStatus = z.object({ hasActiveSubscription: z.boolean() });
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

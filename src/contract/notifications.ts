import { z } from 'zod';

/**
 * The header bell: people who liked me (GET /api/notifications/likes-received), potential matches
 * (GET /api/notifications/potential-matches, premium) and the badge number (GET /api/notifications/count,
 * a bare JSON number).
 */

/** Someone who liked me and whom I have not swiped yet. `id` is her user id. */
export const likeEntry = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int(),
  location: z.string(),
  photos: z.array(z.string()),
  isSuperLike: z.boolean(),
  /** When she liked me. */
  createdAt: z.string(),
});
export type LikeEntry = z.infer<typeof likeEntry>;

export const LIKES_RECEIVED_LIMIT = 100;

/**
 * One shape for everyone. Premium: `locked` false and the newest entries (up to 100).
 * Free: `locked` true, `entries` empty: show `count` locked placeholders and the Upgrade prompt.
 */
export const likesReceived = z.object({
  count: z.number().int().nonnegative(),
  locked: z.boolean(),
  entries: z.array(likeEntry),
});
export type LikesReceived = z.infer<typeof likesReceived>;

export const POTENTIAL_MATCHES_LIMIT = 10;
export const COMMON_INTERESTS_SHOWN = 3;

export const potentialMatch = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int(),
  location: z.string(),
  bio: z.string(),
  photos: z.array(z.string()),
  /** Compatibility 0-100 (the discovery score without the premium boost). */
  matchScore: z.number().int().min(0).max(100),
  /** Up to 3 interests we share, in my interests' order. */
  commonInterests: z.array(z.string()).max(COMMON_INTERESTS_SHOWN),
});
export type PotentialMatch = z.infer<typeof potentialMatch>;

/** Best first. */
export const potentialMatchList = z.array(potentialMatch);
export type PotentialMatchList = z.infer<typeof potentialMatchList>;

/** The bell badge: how many people liked me and wait for my swipe. */
export const notificationCount = z.number().int().nonnegative();

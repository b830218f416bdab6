import { z } from 'zod';
import { discoveryMode } from './discovery';

/**
 * The header bell: people who liked me (GET /api/notifications/likes-received), potential matches
 * (GET /api/notifications/potential-matches, premium) and the badge number (GET /api/notifications/count,
 * a bare JSON number).
 */

/** Which of my photos (its small rendition) or prompt answers a like was for. */
export const likedItemView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('photo'), photoUrl: z.string() }),
  z.object({ kind: z.literal('prompt'), promptId: z.string(), question: z.string(), answer: z.string() }),
]);
export type LikedItemView = z.infer<typeof likedItemView>;

/** Someone who liked me and whom I have not swiped yet. `id` is her user id. */
export const likeEntry = z.object({
  id: z.string(),
  name: z.string(),
  /** Absent when she hides her age. */
  age: z.number().int().optional(),
  location: z.string(),
  photos: z.array(z.string()),
  isSuperLike: z.boolean(),
  /** The deck she liked me in: a 'friends' like is answered from the Friends deck. */
  mode: discoveryMode,
  /** When she liked me. */
  createdAt: z.string(),
  /** The photo or prompt answer of mine she liked; absent for a plain like (or a photo since deleted). */
  likedItem: likedItemView.optional(),
  /** What she wrote with it. */
  comment: z.string().optional(),
});
export type LikeEntry = z.infer<typeof likeEntry>;

/**
 * A free member's view of a like on one of her own photos or prompts: what was liked (it is hers) and
 * whether a comment came with it. Never who liked, never the comment's text.
 */
export const lockedItemLike = z.object({
  likedItem: likedItemView,
  hasComment: z.boolean(),
});
export type LockedItemLike = z.infer<typeof lockedItemLike>;

export const LIKES_RECEIVED_LIMIT = 100;

/**
 * One shape for everyone. Premium: `locked` false and the newest entries (up to 100), `itemLikes` empty.
 * Free: `locked` true, `entries` empty: `itemLikes` are the likes on one of her photos or prompts
 * ('Someone liked your prompt', the comment blurred), the rest of `count` locked placeholders, and the
 * Upgrade prompt.
 */
export const likesReceived = z.object({
  count: z.number().int().nonnegative(),
  locked: z.boolean(),
  entries: z.array(likeEntry),
  itemLikes: z.array(lockedItemLike),
});
export type LikesReceived = z.infer<typeof likesReceived>;

/** GET /api/notifications/likes-received?mode=: one deck's likes (the Friends deck's list is its own); omitted, both. */
export const likesReceivedQuery = z.object({ mode: discoveryMode.optional() });

export const POTENTIAL_MATCHES_LIMIT = 10;
export const COMMON_INTERESTS_SHOWN = 3;

export const potentialMatch = z.object({
  id: z.string(),
  name: z.string(),
  /** Absent when she hides her age. */
  age: z.number().int().optional(),
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

/** The bell badge: how many people liked me and wait for my swipe. */
export const notificationCount = z.number().int().nonnegative();

// ---------------------------------------------------------------- notices

/**
 * In-app notices: things that happened to her that she should see even if she was away (a meetup she
 * joined was cancelled, a moderator's warning, a badge earned…). Stored by the notifications feature
 * from other features' domain events, pushed live as a `notice` frame.
 */
export const NOTICE_KINDS = ['event_cancelled', 'warning', 'badge_earned', 'verification', 'account'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICES_LIMIT = 50;

export const notice = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  /** An in-app path to open, e.g. '/events'. */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

export const noticeList = z.object({ notices: z.array(notice), unread: z.number().int().nonnegative() });
export type NoticeList = z.infer<typeof noticeList>;

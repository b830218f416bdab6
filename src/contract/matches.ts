import { z } from 'zod';
import { MESSAGE_TYPES } from './chat';
import { discoveryMode, swipeLimits } from './discovery';
import { memberText } from './text';

/** Swipes (POST /api/likes, DELETE /api/likes/:id) and matches (GET /api/matches[/:userId]). */

export const LIKE_COMMENT_MAX_LENGTH = 140;

/** The comment on a like: the chat message's rule (trimmed, not empty), at most 140 characters. */
export const likeComment = memberText(LIKE_COMMENT_MAX_LENGTH, {
  type: 'A comment must be text',
  empty: 'A comment cannot be empty: leave it out to send a plain like',
  tooLong: `A comment is at most ${LIKE_COMMENT_MAX_LENGTH} characters`,
});

/**
 * What a like is for: one of her photos (its URL as her card and profile show it) or one of her prompt
 * answers (the prompt's id). The server checks it is hers and current.
 */
export const likedItemInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('photo'), photoUrl: z.string().min(1).max(2048) }),
    z.object({ kind: z.literal('prompt'), promptId: z.string().min(1).max(64) }),
  ],
  'Choose a photo or a prompt',
);
export type LikedItemInput = z.infer<typeof likedItemInput>;

export const swipeBody = z
  .object({
    /** Optional: the acting user is always the session's; a different id is refused (403). */
    userId: z.uuid('Invalid user id').optional(),
    targetUserId: z.uuid('Invalid user id'),
    /** true = like, false = pass. */
    isLike: z.boolean('isLike must be true or false'),
    superLike: z.boolean().default(false),
    /** A like (or super like) of one photo or prompt answer of hers. */
    likedItem: likedItemInput.optional(),
    /** Goes with `likedItem`; opens the chat as the liker's first message when they match. */
    comment: likeComment.optional(),
    /** The deck she swiped in: a friends like only ever makes a friends match. */
    mode: discoveryMode.default('dating'),
  })
  .refine((b) => b.isLike || !b.superLike, { path: ['superLike'], message: 'A super like is a like' })
  .refine((b) => b.isLike || (b.likedItem === undefined && b.comment === undefined), {
    path: ['comment'],
    message: 'A pass carries no comment or liked item',
  })
  .refine((b) => b.comment === undefined || b.likedItem !== undefined, {
    path: ['comment'],
    message: 'A comment goes with a liked photo or prompt',
  });
export type SwipeBody = z.input<typeof swipeBody>;

export const swipe = z.object({
  /** Pass it to DELETE /api/likes/:id to undo (premium). */
  id: z.string(),
  targetUserId: z.string(),
  isLike: z.boolean(),
  isSuperLike: z.boolean(),
  mode: discoveryMode,
  createdAt: z.string(),
});
export type Swipe = z.infer<typeof swipe>;

/** The other member of a match, public fields only. */
export const matchUser = z.object({
  id: z.string(),
  name: z.string(),
  photos: z.array(z.string()),
  interests: z.array(z.string()),
  /** Shows the 'Verified User' badge in the chat header and match lists. */
  isVerified: z.boolean(),
  isOnline: z.boolean(),
  lastActive: z.string().nullable(),
});
export type MatchUser = z.infer<typeof matchUser>;

export const lastMessagePreview = z.object({
  id: z.string(),
  content: z.string(),
  senderId: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  viewOnce: z.boolean(),
  createdAt: z.string(),
});
export type LastMessagePreview = z.infer<typeof lastMessagePreview>;

export const match = z.object({
  id: z.string(),
  /** 'friends': a Friends-mode match; chat labels its conversation "Friends". */
  mode: discoveryMode,
  createdAt: z.string(),
  otherUser: matchUser,
  /** Filled in once chat summarises conversations; absent until then, null for an empty conversation. */
  lastMessage: lastMessagePreview.nullable().optional(),
  /** Messages from the other member not yet read; absent until chat provides it. */
  unreadCount: z.number().int().nonnegative().optional(),
});
export type Match = z.infer<typeof match>;

/** Newest first. */
export const matchList = z.array(match);

/** GET /api/matches?mode=: one deck's matches; omitted, both (the chat list, friends ones labelled). */
export const matchListQuery = z.object({ mode: discoveryMode.optional() });
export type MatchList = z.infer<typeof matchList>;

export const swipeResponse = z.object({
  like: swipe,
  /** Set when this like completed a mutual like. */
  match: match.nullable(),
  limits: swipeLimits,
});
export type SwipeResponse = z.infer<typeof swipeResponse>;

export const undoSwipeResponse = z.object({
  undone: swipe,
  /** True when the undone like had made a match (with no messages yet) and that match is gone. */
  matchDissolved: z.boolean(),
  limits: swipeLimits,
});
export type UndoSwipeResponse = z.infer<typeof undoSwipeResponse>;

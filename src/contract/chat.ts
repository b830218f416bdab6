import { z } from 'zod';
import { messageMedia } from './chat-media';
import { REACTION_EMOJI } from './reactions';
import { memberText, safeText } from './text';

/**
 * Messages, reactions and conversation starters (product §3 "Message", "Icebreaker", "Message reaction";
 * product §7 "Messages"). Shared by server validation, response serialisation and the web client.
 *
 * Endpoints (all need a session; anything about a conversation she is not a member of — or that a
 * block or a dissolved match ended — answers 404, the same as one that does not exist):
 *   GET    /api/messages/{matchId}?cursor=&limit=      → MessagePage (newest page first)
 *   POST   /api/messages                  CreateMessageBody → 201 Message (200 + the stored one for a
 *                                                          repeated clientMessageId)
 *   PUT    /api/messages/{id}/read                      → ReadReceipt (recipient only; idempotent)
 *   GET    /api/messages/{messageId}/reactions          → MessageReactions
 *   POST   /api/messages/{messageId}/reactions  ReactionBody → 201 MessageReactions (200 if she already had it)
 *   DELETE /api/messages/{messageId}/reactions  ReactionBody → 200 MessageReactions
 *   GET    /api/icebreakers/generate/{matchId}?seed=    → Icebreaker[] (3–5, stored)
 *   POST   /api/icebreakers/{id}/use      (no body)     → 201 Message (messageType 'icebreaker'); 409 if used
 * Errors are `{ message, code, errors? }` (contract/http.ts): 400 VALIDATION_ERROR with field paths,
 * 403 FORBIDDEN for a senderId/userId that is not hers, 404 NOT_FOUND, 409 CONFLICT.
 * Real-time delivery of all of this is described in contract/realtime.ts.
 */

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_TYPES = ['text', 'icebreaker', 'image', 'voice'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const isMediaMessageType = (type: MessageType): type is 'image' | 'voice' =>
  type === 'image' || type === 'voice';

/** A page of GET /api/messages/{matchId} holds this many messages unless `limit` asks otherwise. */
const MESSAGE_PAGE_DEFAULT = 50;
const MESSAGE_PAGE_MAX = 100;
/** Client-chosen idempotency key; any opaque string (a UUID is typical). */
const CLIENT_MESSAGE_ID_MAX_LENGTH = 100;

/**
 * The product's 10 reaction emoji, in picker order: heart, heart-eyes, smile, grin, fire, hundred,
 * thumbs-up, surprised, smiling-with-hearts, sparkles. Nothing else is accepted.
 */
export { REACTION_EMOJI, type ReactionEmoji } from './reactions';

export const ICEBREAKER_CATEGORIES = ['shared_interest', 'interest', 'tea', 'bio', 'location', 'general'] as const;
export type IcebreakerCategory = (typeof ICEBREAKER_CATEGORIES)[number];
/** How many starters one generation returns. */
export const ICEBREAKERS_MIN = 3;
export const ICEBREAKERS_MAX = 5;

/** Trimmed, 1–2000 characters: shared by POST /api/messages and the socket's `message` frame. */
export const messageContent = memberText(MESSAGE_MAX_LENGTH, {
  type: 'Message content is required',
  empty: 'Message cannot be empty',
  tooLong: `Message must be at most ${MESSAGE_MAX_LENGTH} characters`,
});

export const clientMessageId = safeText()
  .trim()
  .min(1, 'clientMessageId cannot be empty')
  .max(CLIENT_MESSAGE_ID_MAX_LENGTH, `clientMessageId must be at most ${CLIENT_MESSAGE_ID_MAX_LENGTH} characters`);

const reactionEmoji = z.enum(REACTION_EMOJI, { error: 'Choose one of the 10 reaction emoji' });

/** One emoji on one message: who used it. `reactedByMe` is relative to the caller. */
export const reactionGroup = z.object({
  emoji: reactionEmoji,
  count: z.number().int(),
  userIds: z.array(z.string()),
  reactedByMe: z.boolean(),
});
export type ReactionGroup = z.infer<typeof reactionGroup>;

/**
 * A stored message. `reactions` are grouped per emoji in REACTION_EMOJI order (empty for a new message).
 * `clientMessageId` echoes the sender's idempotency key, so her client can match the stored message
 * (HTTP answer or socket echo) to the bubble it showed while sending.
 */
export const message = z.object({
  id: z.string(),
  matchId: z.string(),
  senderId: z.string(),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  icebreakerId: z.string().nullable(),
  clientMessageId: z.string().nullable(),
  createdAt: z.string(),
  /** Set when the recipient marked it read (PUT /api/messages/{id}/read or a socket read_receipt). */
  readAt: z.string().nullable(),
  reactions: z.array(reactionGroup),
  /** The photo or voice note of an 'image' / 'voice' message; null for text. */
  media: messageMedia.nullable(),
});
export type Message = z.infer<typeof message>;

/**
 * POST /api/messages. The sender is the session user; `senderId`, if sent (the product's client does),
 * must be hers or the request is refused with 403. `icebreakerId` is required for messageType
 * 'icebreaker' (and marks that starter used) and refused for 'text'.
 */
export const createMessageBody = z
  .object({
    matchId: z.uuid('Invalid match id'),
    /** Required for text; a photo or voice message has none (its content is set by the server). */
    content: messageContent.optional(),
    messageType: z.enum(MESSAGE_TYPES).default('text'),
    icebreakerId: z.uuid('Invalid icebreaker id').nullish(),
    /** The upload a photo or voice message sends (POST /api/matches/{matchId}/media). */
    mediaId: z.uuid('Invalid media id').optional(),
    clientMessageId: clientMessageId.optional(),
    senderId: safeText().optional(),
  })
  .superRefine(requireContentOrMedia);

/** Text needs content; a photo or voice message needs its mediaId. Shared by HTTP and the socket frame. */
export function requireContentOrMedia(
  value: { content?: string | undefined; messageType?: MessageType | undefined; mediaId?: string | undefined },
  context: z.RefinementCtx,
): void {
  const type = value.messageType ?? 'text';
  if (isMediaMessageType(type)) {
    if (!value.mediaId) context.addIssue({ code: 'custom', path: ['mediaId'], message: 'Upload the file first' });
  } else if (value.content === undefined) {
    context.addIssue({ code: 'custom', path: ['content'], message: 'Message content is required' });
  }
}

export const idParams = z.object({ id: z.uuid('Invalid id') });

/**
 * GET /api/messages/{matchId}?cursor=&limit=. Pages go from the newest backwards: the first page holds
 * the newest messages; pass `nextCursor` as `cursor` to get the page before it.
 */
export const messageListQuery = z.object({
  cursor: z.uuid('Invalid cursor').optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_DEFAULT),
});

/** Messages within a page are in chronological order (oldest first), ready to render top to bottom. */
export const messagePage = z.object({
  messages: z.array(message),
  /** Null when there is nothing older. */
  nextCursor: z.string().nullable(),
  /**
   * The conversation's deck (Friends mode): 'friends' shows the "Friends" label in its header. The
   * server always sends it; a page the client builds itself (a socket frame into an empty cache) has none.
   */
  mode: z.enum(['dating', 'friends']).optional(),
});
export type MessagePage = z.infer<typeof messagePage>;

/** PUT /api/messages/{id}/read (recipient only; repeating it changes nothing and keeps the first readAt). */
export const readReceipt = z.object({
  messageId: z.string(),
  matchId: z.string(),
  readAt: z.string(),
});
export type ReadReceipt = z.infer<typeof readReceipt>;

/** POST and DELETE /api/messages/{messageId}/reactions. `userId`, if sent, must be the session user's. */
export const reactionBody = z.object({
  emoji: reactionEmoji,
  userId: safeText().optional(),
});

/** GET, POST and DELETE /api/messages/{messageId}/reactions all answer with the message's groups. */
export const messageReactions = z.object({
  messageId: z.string(),
  reactions: z.array(reactionGroup),
});
export type MessageReactions = z.infer<typeof messageReactions>;

export const icebreaker = z.object({
  id: z.string(),
  message: z.string(),
  category: z.enum(ICEBREAKER_CATEGORIES),
});
export type Icebreaker = z.infer<typeof icebreaker>;

/**
 * GET /api/icebreakers/generate/{matchId}?seed=. Every call builds a new set of 3–5 (a refresh gives
 * different ones); `seed` makes a set reproducible.
 */
export const icebreakerQuery = z.object({
  seed: safeText().trim().max(64).optional(),
});
export const icebreakerList = z.array(icebreaker);

/** Request-level validation messages the server sends (the web may show them as they are). */
export const CHAT_ERRORS = {
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  icebreakerNotFound: 'Conversation starter not found',
  icebreakerUsed: 'This conversation starter was already used',
} as const;

import { z } from 'zod';
import { safeText } from './text';
import { clientMessageId, message, messageContent, reactionGroup, requireContentOrMedia } from './chat';
import { mediaState } from './chat-media';
import { notice } from './notifications';
import { userBadge } from './badges';
import { discoveryMode } from './discovery';

/**
 * The real-time protocol (product §4 "Real-time connection", product §7 "Real-time socket"), defined once.
 * The server validates every incoming frame with `clientFrame` and types `emitToUser()` from
 * `serverFrameSchemas`; the web parses incoming frames with `parseServerFrame` and types its
 * per-type handlers from the same map.
 *
 * Connection rules a client must follow:
 * - Connect to WS_PATH on the page's host (wss: under https) with the session cookie; without a
 *   valid session the HTTP upgrade is answered 401 and no socket opens (403 for a foreign Origin).
 * - The first frame must be `{ type: 'auth', userId }` naming the signed-in user. Anything else, or
 *   another user's id, gets an `error` frame and close 1008; nothing is delivered before a good auth.
 *   A good auth is answered with `connected`.
 * - Later frames may carry `userId` (the product's client adds it); if present it must be the same user.
 * - Frames are JSON text, at most WS_MAX_PAYLOAD_BYTES (bigger → close 1009), at most
 *   FRAME_RATE.perSecond a second with bursts of FRAME_RATE.burst (extra frames are dropped with an
 *   `error` frame; a client that keeps flooding is closed with 1008).
 * - A socket `message` is stored before anyone hears of it; its sender's own sockets (the sending
 *   one included) then get the same `message` frame as the recipient — that echo is the
 *   acknowledgement. A failed send gets an `error` frame carrying its `clientMessageId`.
 * - Sockets that miss frames (while disconnected, or through a server-side outage) catch up with
 *   GET /api/messages/{matchId}: refetch open conversations after every (re)connect.
 */

export {
  WS_PATH,
  WS_MAX_PAYLOAD_BYTES,
  FRAME_RATE,
  AUTH_TIMEOUT_MS,
  TYPING_STOP_AFTER_MS,
  ACCOUNT_SUSPENDED_REASON,
  WS_CLOSE,
} from './realtime-protocol';

const optionalActor = safeText().optional();

/** Client → server frames. */
export const clientFrameSchemas = {
  auth: z.object({ type: z.literal('auth'), userId: safeText('userId is required') }),
  message: z
    .object({
      type: z.literal('message'),
      matchId: z.uuid('Invalid match id'),
      content: messageContent.optional(),
      /** A photo or voice message names its upload (contract/chat-media.ts). */
      messageType: z.enum(['text', 'image', 'voice']).optional(),
      mediaId: z.uuid('Invalid media id').optional(),
      clientMessageId: clientMessageId.optional(),
      userId: optionalActor,
    })
    .superRefine(requireContentOrMedia),
  typing: z.object({ type: z.literal('typing'), matchId: z.uuid('Invalid match id'), userId: optionalActor }),
  stop_typing: z.object({ type: z.literal('stop_typing'), matchId: z.uuid('Invalid match id'), userId: optionalActor }),
  read_receipt: z.object({
    type: z.literal('read_receipt'),
    messageId: z.uuid('Invalid message id'),
    userId: optionalActor,
  }),
} as const;

export type ClientFrameType = keyof typeof clientFrameSchemas;
export type ClientFrame<K extends ClientFrameType = ClientFrameType> = z.infer<(typeof clientFrameSchemas)[K]>;

const clientFrame = z.discriminatedUnion('type', [
  clientFrameSchemas.auth,
  clientFrameSchemas.message,
  clientFrameSchemas.typing,
  clientFrameSchemas.stop_typing,
  clientFrameSchemas.read_receipt,
]);

/** Server → client frames. */
export const serverFrameSchemas = {
  /** Answer to a good `auth`. */
  connected: z.object({ type: z.literal('connected'), userId: z.string() }),
  /** A stored message, to both members' sockets. `message` is the full message, renderable as is. */
  message: z.object({
    type: z.literal('message'),
    matchId: z.string(),
    senderId: z.string(),
    messageId: z.string(),
    message,
  }),
  /**
   * A message's reactions changed (either member added or removed one): its groups as they now
   * stand, `reactedByMe` relative to the recipient. To both members' sockets, the reactor's too.
   */
  reactions: z.object({
    type: z.literal('reactions'),
    matchId: z.string(),
    messageId: z.string(),
    reactions: z.array(reactionGroup),
  }),
  /** The other member started typing in `matchId`. Never sent to the typist herself. */
  typing: z.object({ type: z.literal('typing'), matchId: z.string(), userId: z.string() }),
  stop_typing: z.object({ type: z.literal('stop_typing'), matchId: z.string(), userId: z.string() }),
  /** A match partner came online (first socket anywhere) or went offline (last socket closed). */
  online_status: z.object({
    type: z.literal('online_status'),
    userId: z.string(),
    isOnline: z.boolean(),
    lastActive: z.string().nullable(),
  }),
  /** A photo or voice message's media changed (a view-once photo opened, a voice note played): to both members. */
  media_state: mediaState.extend({ type: z.literal('media_state') }),
  /** The recipient read `messageId`: to the sender's sockets and to the reader's own (her other devices). */
  read_receipt: z.object({
    type: z.literal('read_receipt'),
    messageId: z.string(),
    matchId: z.string(),
    readAt: z.string(),
  }),
  /**
   * A new match, to BOTH members' sockets (the one whose like completed it and the one liked earlier,
   * maybe on another device): the other member's public name and first photo, for the celebration.
   */
  match: z.object({
    type: z.literal('match'),
    matchId: z.string(),
    otherUserId: z.string(),
    otherName: z.string(),
    otherPhoto: z.string().nullable(),
    /** The deck (Friends mode): the celebration says "New friend!" for 'friends'. */
    mode: discoveryMode,
  }),
  /** Someone liked her: the bell count changes. Who is not said (seeing likers is a Premium feature). */
  like_received: z.object({ type: z.literal('like_received'), superLike: z.boolean(), mode: discoveryMode }),
  /** She earned a badge: the web reveals it wherever she is. */
  badge_earned: z.object({ type: z.literal('badge_earned'), badge: userBadge }),
  /**
   * She saved her preferences on one of her devices (or her filters): to all her own sockets, never anyone else's.
   * Carries only the new revision; a device showing an older one fetches GET /api/users/{id}/preferences again
   * (and so follows a new language or theme without a reload).
   */
  preferences_changed: z.object({ type: z.literal('preferences_changed'), revision: z.number().int() }),
  /** Something she should see now (a cancelled meetup, a warning, a badge…), also kept in her notices. */
  notice: z.object({ type: z.literal('notice'), notice }),
  /**
   * The match ended (one of the two unmatched): the conversation is gone for both; close it.
   * Sent to both members' sockets.
   */
  match_ended: z.object({ type: z.literal('match_ended'), matchId: z.string() }),
  /**
   * A refused frame. `code` is the API error code (VALIDATION_ERROR, NOT_FOUND, RATE_LIMITED,
   * UNAUTHENTICATED, FORBIDDEN, INVALID_FRAME, ...); `clientMessageId` names the failed send.
   * UNAVAILABLE: the database is briefly unreachable; nothing was stored, send again later (with
   * the same clientMessageId, so a retry can never store it twice).
   */
  error: z.object({
    type: z.literal('error'),
    message: z.string(),
    code: z.string().optional(),
    clientMessageId: z.string().optional(),
  }),
} as const;

export type ServerFrameType = keyof typeof serverFrameSchemas;
export type ServerFrame<K extends ServerFrameType = ServerFrameType> = z.infer<(typeof serverFrameSchemas)[K]>;
/** A frame without its `type`: what `emitToUser(userIds, type, payload)` takes. */
export type ServerFramePayload<K extends ServerFrameType> = Omit<ServerFrame<K>, 'type'>;

const serverFrame = z.discriminatedUnion('type', [
  serverFrameSchemas.connected,
  serverFrameSchemas.message,
  serverFrameSchemas.reactions,
  serverFrameSchemas.typing,
  serverFrameSchemas.stop_typing,
  serverFrameSchemas.online_status,
  serverFrameSchemas.read_receipt,
  serverFrameSchemas.media_state,
  serverFrameSchemas.notice,
  serverFrameSchemas.match,
  serverFrameSchemas.like_received,
  serverFrameSchemas.match_ended,
  serverFrameSchemas.badge_earned,
  serverFrameSchemas.preferences_changed,
  serverFrameSchemas.error,
]);

export type ParsedFrame<T> =
  { ok: true; frame: T } | { ok: false; message: string; code: 'INVALID_FRAME' | 'VALIDATION_ERROR' };

function parseWith<T>(schema: z.ZodType<T>, data: string): ParsedFrame<T> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, message: 'Frames must be JSON', code: 'INVALID_FRAME' };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, frame: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.path[0] === 'type' || issue?.path.length === 0) {
    return { ok: false, message: 'Unknown frame type', code: 'INVALID_FRAME' };
  }
  const where = issue?.path.join('.');
  return {
    ok: false,
    message: where ? `${where}: ${issue?.message}` : (issue?.message ?? 'Invalid frame'),
    code: 'VALIDATION_ERROR',
  };
}

/** Server side: a raw text frame → a typed client frame, or why not. */
export const parseClientFrame = (data: string): ParsedFrame<ClientFrame> => parseWith(clientFrame, data);

/** Web side: a raw text frame → a typed server frame, or why not. */
export const parseServerFrame = (data: string): ParsedFrame<ServerFrame> => parseWith(serverFrame, data);

import {
  isMediaMessageType,
  type Message,
  type MessagePage,
  type MessageType,
  type ReactionGroup,
  type ReadReceipt,
} from '../../../contract/chat';
import { MEDIA_MESSAGES_PER_HOUR, MEDIA_UPLOAD_TTL_MS } from '../../../contract/chat-media';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { otherMember } from '../matches';
import { conversationPair, findMessageForMember, requireConversation } from './access';
import { mediaAllowanceSpent, mediaOfMessages, presentMedia, requireMediaAllowance } from './media';
import { reactionGroupsFor } from './reactions';
import {
  markRead,
  mayWrite,
  messageByClientId,
  messagesBefore,
  readAtOf,
  storeMediaMessage,
  storeStarterMessage,
  type ChatRepository,
  type MessageRow,
} from './repository';
import type { MessageMedia } from '../../../contract/chat-media';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

export interface ChatDeps {
  db: Db;
  /** Chat's statements and what it keeps of the database (app.ts makes one). */
  repository: ChatRepository;
  events: DomainEvents;
}

function presentMessage(row: MessageRow, reactions: ReactionGroup[] = [], media: MessageMedia | null = null): Message {
  return {
    id: row.id,
    matchId: row.matchId,
    senderId: row.senderId,
    content: row.content,
    messageType: row.messageType,
    icebreakerId: row.icebreakerId,
    clientMessageId: row.clientMessageId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    reactions,
    media,
  };
}

interface SendMessageInput {
  matchId: string;
  /** Already trimmed and length-checked by the contract's `messageContent`; present for text (the contract's refinement). */
  content?: string | undefined;
  messageType: MessageType;
  icebreakerId?: string | null | undefined;
  /** The upload a photo or voice message sends. */
  mediaId?: string | undefined;
  clientMessageId?: string | undefined;
}

function isForeignKeyViolation(error: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined);
  return code(error) === '23503' || code((error as { cause?: unknown } | undefined)?.cause) === '23503';
}

/**
 * The one way a message comes into being, for HTTP and the socket alike. It is stored before
 * anyone hears of it; `message.created` then reaches both members. A retry with the same
 * `clientMessageId` stores nothing and returns the first message (`created: false`).
 */
export async function sendMessage(
  deps: ChatDeps,
  senderId: string,
  input: SendMessageInput,
): Promise<{ message: Message; created: boolean }> {
  const { db } = deps;
  const icebreakerId = input.icebreakerId ?? null;
  if (isMediaMessageType(input.messageType)) return sendMediaMessage(deps, senderId, input, input.messageType);
  const content = input.content ?? '';
  if (input.messageType === 'icebreaker' && !icebreakerId) {
    throw badRequest(localText('anIcebreakerMessageNeeds'), [
      fieldError('icebreakerId', localText('requiredForIcebreakerMessages')),
    ]);
  }
  if (input.messageType === 'text' && icebreakerId) {
    throw badRequest(localText('onlyIcebreakerMessagesCarry'), [
      fieldError('icebreakerId', localText('onlyForMessagetypeIcebreaker')),
    ]);
  }
  const match = icebreakerId
    ? await requireConversation(db, input.matchId, senderId)
    : await conversationPair(deps.repository, input.matchId, senderId);
  const recipientId = otherMember(match, senderId);
  // Any other message checks `mayWrite` in its own insert; a starter, rare, asks first.
  if (icebreakerId) await requireRecipientAllows(db, senderId, recipientId, match.id);
  const clientMessageId = input.clientMessageId ?? null;

  let row: MessageRow | undefined;
  try {
    if (icebreakerId) {
      const starter = await storeStarterMessage(db, {
        matchId: match.id,
        senderId,
        content,
        icebreakerId,
        clientMessageId,
      });
      if (starter.outcome === 'used') throw conflict(localText('icebreakerUsed'));
      if (starter.outcome === 'unknown') throw notFound(localText('icebreakerNotFound'));
      // 'repeated': the claim was undone; the first message is replayed below.
      if (starter.outcome === 'stored') row = starter.row;
    } else {
      row = await deps.repository.storeMessage({
        matchId: match.id,
        senderId,
        recipientId,
        content,
        // Never 'icebreaker' here (checked above: a starter carries its icebreakerId); said again for the type.
        messageType: input.messageType === 'icebreaker' ? 'text' : input.messageType,
        clientMessageId,
      });
    }
  } catch (error) {
    // The match was dissolved after the membership check (its row lock made the insert wait).
    if (isForeignKeyViolation(error)) {
      deps.repository.forgetConversationPair(match.id);
      throw notFound(localText('conversationNotFound'));
    }
    throw error;
  }
  if (!row) {
    // Her privacy setting first, as if it had been asked before the insert: it says why better than a 404.
    if (!icebreakerId) await requireRecipientAllows(db, senderId, recipientId, match.id);
    const earlier = input.clientMessageId ? await replayed(db, senderId, input) : undefined;
    if (earlier) return { message: earlier, created: false };
    // Nothing stored and nothing to replay: a block stands between them now, or she is suspended.
    deps.repository.forgetConversationPair(match.id);
    throw notFound(localText('conversationNotFound'));
  }

  const message = presentMessage(row);
  deps.repository.recordActivity(row, recipientId);
  deps.events.emit('message.created', { message, recipientId });
  return { message, created: true };
}

/** What a photo or voice message says where only text is shown (chat list, notifications, export). */
const MEDIA_CONTENT = { image: 'Photo', voice: 'Voice message' } as const;

/**
 * A photo or voice message: the message row and the claim of its upload (hers, this conversation's,
 * unsent, under an hour old, within the conversation's hourly cap) in one transaction. Rare next to
 * text, so it takes the plain path: membership and block through `requireConversation`, then her
 * privacy setting. A retry with the same clientMessageId answers the first message.
 */
async function sendMediaMessage(
  deps: ChatDeps,
  senderId: string,
  input: SendMessageInput,
  kind: 'image' | 'voice',
): Promise<{ message: Message; created: boolean }> {
  const { db } = deps;
  if (!input.mediaId) {
    throw badRequest(localText('uploadTheFileFirst'), [fieldError('mediaId', localText('uploadTheFileFirst'))]);
  }
  const mediaId = input.mediaId;
  const match = await requireConversation(db, input.matchId, senderId);
  const recipientId = otherMember(match, senderId);
  await requireRecipientAllows(db, senderId, recipientId, match.id);
  const stored = await storeMediaMessage(
    db,
    {
      matchId: match.id,
      senderId,
      content: MEDIA_CONTENT[kind],
      kind,
      mediaId,
      clientMessageId: input.clientMessageId ?? null,
    },
    { uploadedAfter: new Date(Date.now() - MEDIA_UPLOAD_TTL_MS), perHour: MEDIA_MESSAGES_PER_HOUR },
  ).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) {
      deps.repository.forgetConversationPair(match.id);
      throw notFound(localText('conversationNotFound'));
    }
    throw error;
  });
  if (stored.outcome === 'cap') {
    // Refused with when the next may go; if one left the hour meanwhile, a retry is taken.
    await requireMediaAllowance(db, match.id);
    throw mediaAllowanceSpent(60);
  }
  if (stored.outcome === 'unusable') throw new AppError(409, 'CONFLICT', localText('mediaUnusable'));
  if (stored.outcome === 'repeated') {
    const earlier = await replayed(db, senderId, input);
    if (earlier) return { message: earlier, created: false };
    throw notFound(localText('conversationNotFound'));
  }
  const message = presentMessage(stored.row, [], presentMedia(stored.media));
  deps.events.emit('message.created', { message, recipientId });
  return { message, created: true };
}

/**
 * The reason behind a refused message when it is her first-message setting (`mayWrite`'s
 * `settingAllows`), asked before a starter is stored and after a refused insert: the same rule, one place.
 */
async function requireRecipientAllows(db: Db, senderId: string, recipientId: string, matchId: string): Promise<void> {
  if ((await mayWrite(db, { senderId, recipientId, matchId })).settingAllows) return;
  throw forbidden(localText('thisMemberOnlyAccepts'));
}

async function replayed(db: Db, senderId: string, input: SendMessageInput): Promise<Message | undefined> {
  const existing = await messageByClientId(db, senderId, input.clientMessageId ?? '');
  if (!existing) return undefined;
  if (existing.matchId !== input.matchId) {
    throw conflict(localText('thisClientmessageidWasAlready'), [
      fieldError('clientMessageId', localText('alreadyUsed')),
    ]);
  }
  const [reactions, media] = await Promise.all([
    reactionGroupsFor(db, [existing.id], senderId),
    mediaOfMessages(db, [existing]),
  ]);
  return presentMessage(existing, reactions.get(existing.id), media.get(existing.id) ?? null);
}

/**
 * Newest page first; within a page oldest → newest. The cursor is the id of the oldest message of
 * the previous page, compared as (created_at, id) in SQL so no timestamp precision is lost.
 */
export async function listMessages(
  db: Db,
  viewerId: string,
  matchId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<MessagePage> {
  const { mode } = await requireConversation(db, matchId, viewerId);
  const rows = await messagesBefore(db, matchId, page.cursor, page.limit + 1);
  if (!rows) throw badRequest(localText('invalidCursor'), [fieldError('cursor', localText('notAMessageOf'))]);
  const pageRows = rows.slice(0, page.limit);
  const [reactions, media] = await Promise.all([
    reactionGroupsFor(
      db,
      pageRows.map((r) => r.id),
      viewerId,
    ),
    mediaOfMessages(db, pageRows),
  ]);
  return {
    messages: pageRows.reverse().map((row) => presentMessage(row, reactions.get(row.id), media.get(row.id) ?? null)),
    nextCursor: rows.length > page.limit ? (pageRows[0]?.id ?? null) : null,
    mode,
  };
}

/**
 * The recipient marks one message read. Only she may (anyone else gets the same 404 as for a
 * message that does not exist); the first time emits `message.read`, later times change nothing.
 */
export async function markMessageRead(deps: ChatDeps, readerId: string, messageId: string): Promise<ReadReceipt> {
  const { db } = deps;
  const { message } = await findMessageForMember(db, messageId, readerId);
  if (message.senderId === readerId) throw notFound(localText('messageNotFound'));
  if (message.readAt) return { messageId, matchId: message.matchId, readAt: message.readAt.toISOString() };

  const marked = await markRead(db, messageId);
  if (!marked) {
    // Another request marked it in between: answer with its time, without a second receipt.
    return {
      messageId,
      matchId: message.matchId,
      readAt: ((await readAtOf(db, messageId)) ?? new Date()).toISOString(),
    };
  }
  const readAt = marked.toISOString();
  deps.events.emit('message.read', {
    messageId,
    matchId: message.matchId,
    senderId: message.senderId,
    readerId,
    readAt,
  });
  return { messageId, matchId: message.matchId, readAt };
}

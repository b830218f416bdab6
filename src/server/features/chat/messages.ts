import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  isMediaMessageType,
  type Message,
  type MessagePage,
  type MessageType,
  type ReactionGroup,
  type ReadReceipt,
} from '../../../contract/chat';
import type { Db } from '../../db/client';
import { icebreakers, messages } from '../../db/schema/chat';
import type { DomainEvents } from '../../domain-events';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { otherMember } from '../matches';
import { recordChatActivity } from './activity';
import { mayWrite } from './may-write';
import { storeUnlessRefused } from './store';
import {
  conversationPair,
  findMessageForMember,
  forgetConversationPair,
  requireConversation,
  type MessageRow,
} from './access';
import { claimMedia, mediaOfMessages, presentMedia } from './media';
import { reactionGroupsFor } from './reactions';
import type { MessageMedia } from '../../../contract/chat-media';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

export interface ChatDeps {
  db: Db;
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

/** Thrown inside the send transaction to undo an icebreaker claim when the message turns out to be a retry. */
class AlreadyStored extends Error {}

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
    : await conversationPair(db, input.matchId, senderId);
  const recipientId = otherMember(match, senderId);
  // Any other message checks `mayWrite` in its own insert; a starter, rare, asks first.
  if (icebreakerId) await requireRecipientAllows(db, senderId, recipientId, match.id);
  const clientMessageId = input.clientMessageId ?? null;

  let row: MessageRow | undefined;
  try {
    row = icebreakerId
      ? await db.transaction(async (tx) => {
          await claimIcebreaker(tx, icebreakerId, match.id);
          const [stored] = await tx
            .insert(messages)
            .values({
              matchId: match.id,
              senderId,
              content,
              messageType: input.messageType,
              icebreakerId,
              clientMessageId,
            })
            .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
            .returning();
          if (!stored) throw new AlreadyStored();
          return stored;
        })
      : await storeUnlessRefused(db, {
          matchId: match.id,
          senderId,
          recipientId,
          content,
          // Never 'icebreaker' here (checked above: a starter carries its icebreakerId); said again for the type.
          messageType: input.messageType === 'icebreaker' ? 'text' : input.messageType,
          clientMessageId,
        });
  } catch (error) {
    // The match was dissolved after the membership check (its row lock made the insert wait).
    if (isForeignKeyViolation(error)) {
      forgetConversationPair(db, match.id);
      throw notFound(localText('conversationNotFound'));
    }
    if (!(error instanceof AlreadyStored)) throw error;
  }
  if (!row) {
    // Her privacy setting first, as if it had been asked before the insert: it says why better than a 404.
    if (!icebreakerId) await requireRecipientAllows(db, senderId, recipientId, match.id);
    const earlier = input.clientMessageId ? await replayed(db, senderId, input) : undefined;
    if (earlier) return { message: earlier, created: false };
    // Nothing stored and nothing to replay: a block stands between them now, or she is suspended.
    forgetConversationPair(db, match.id);
    throw notFound(localText('conversationNotFound'));
  }

  const message = presentMessage(row);
  recordChatActivity(db, row, recipientId);
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
  let stored: { row: MessageRow; media: Message['media'] } | undefined;
  try {
    stored = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(messages)
        .values({
          matchId: match.id,
          senderId,
          content: MEDIA_CONTENT[kind],
          messageType: kind,
          clientMessageId: input.clientMessageId ?? null,
        })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
        .returning();
      if (!row) throw new AlreadyStored();
      const media = await claimMedia(tx, { mediaId, matchId: match.id, senderId, messageId: row.id, kind });
      return { row, media: presentMedia(media) };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      forgetConversationPair(db, match.id);
      throw notFound(localText('conversationNotFound'));
    }
    if (!(error instanceof AlreadyStored)) throw error;
  }
  if (!stored) {
    const earlier = await replayed(db, senderId, input);
    if (earlier) return { message: earlier, created: false };
    throw notFound(localText('conversationNotFound'));
  }
  const message = presentMessage(stored.row, [], stored.media);
  deps.events.emit('message.created', { message, recipientId });
  return { message, created: true };
}

/**
 * The reason behind a refused message when it is `mayWrite` (her 'allowMessagesFrom: verified'
 * setting), asked before a starter is stored and after a refused insert: the same rule, one place.
 */
async function requireRecipientAllows(db: Db, senderId: string, recipientId: string, matchId: string): Promise<void> {
  const [row] = await db
    .select({
      allowed: sql<boolean>`${mayWrite(sql`${senderId}::uuid`, sql`${recipientId}::uuid`, sql`${matchId}::uuid`)}`,
    })
    .from(sql`(select 1) as one`);
  if (row?.allowed) return;
  throw forbidden(localText('thisMemberOnlyAccepts'));
}

async function replayed(db: Db, senderId: string, input: SendMessageInput): Promise<Message | undefined> {
  const [existing] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, input.clientMessageId ?? '')));
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

/** A starter is sent once: the first claim wins, a second one is a 409. */
async function claimIcebreaker(db: Db, icebreakerId: string, matchId: string): Promise<void> {
  const claimed = await db
    .update(icebreakers)
    .set({ usedAt: new Date() })
    .where(and(eq(icebreakers.id, icebreakerId), eq(icebreakers.matchId, matchId), isNull(icebreakers.usedAt)))
    .returning({ id: icebreakers.id });
  if (claimed.length > 0) return;
  const [existing] = await db
    .select({ id: icebreakers.id })
    .from(icebreakers)
    .where(and(eq(icebreakers.id, icebreakerId), eq(icebreakers.matchId, matchId)));
  throw existing ? conflict(localText('icebreakerUsed')) : notFound(localText('icebreakerNotFound'));
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
  const conditions = [eq(messages.matchId, matchId)];
  if (page.cursor) {
    const [cursorRow] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, page.cursor), eq(messages.matchId, matchId)));
    if (!cursorRow) throw badRequest(localText('invalidCursor'), [fieldError('cursor', localText('notAMessageOf'))]);
    conditions.push(
      sql`(${messages.createdAt}, ${messages.id}) < (select "created_at", "id" from "messages" where "id" = ${page.cursor})`,
    );
  }
  const rows = await db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit + 1);
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

  const [updated] = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(eq(messages.id, messageId), isNull(messages.readAt)))
    .returning({ readAt: messages.readAt });
  if (!updated?.readAt) {
    // Another request marked it in between: answer with its time, without a second receipt.
    const [current] = await db.select({ readAt: messages.readAt }).from(messages).where(eq(messages.id, messageId));
    return { messageId, matchId: message.matchId, readAt: (current?.readAt ?? new Date()).toISOString() };
  }
  const readAt = updated.readAt.toISOString();
  deps.events.emit('message.read', {
    messageId,
    matchId: message.matchId,
    senderId: message.senderId,
    readerId,
    readAt,
  });
  return { messageId, matchId: message.matchId, readAt };
}

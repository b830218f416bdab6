import { and, desc, eq, isNull, not, or, sql } from 'drizzle-orm';
import {
  CHAT_ERRORS,
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
import { accountState, memberTable, notBlockedWith, notSuspendedRow } from '../../core';
import { otherMember } from '../matches';
import { acceptsOnlyVerifiedWriters, privacyFor } from '../preferences';
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

export interface ChatDeps {
  db: Db;
  events: DomainEvents;
}

export function presentMessage(
  row: MessageRow,
  reactions: ReactionGroup[] = [],
  media: MessageMedia | null = null,
): Message {
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

export interface SendMessageInput {
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
    throw badRequest('An icebreaker message needs its icebreakerId', [
      { path: 'icebreakerId', message: 'Required for icebreaker messages' },
    ]);
  }
  if (input.messageType === 'text' && icebreakerId) {
    throw badRequest('Only icebreaker messages carry an icebreakerId', [
      { path: 'icebreakerId', message: 'Only for messageType icebreaker' },
    ]);
  }
  const match = icebreakerId
    ? await requireConversation(db, input.matchId, senderId)
    : await conversationPair(db, input.matchId, senderId);
  const recipientId = otherMember(match, senderId);
  // A text message checks her privacy setting in its own insert; a starter, rare, asks first.
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
      : await insertTextUnlessRefused(db, {
          matchId: match.id,
          senderId,
          recipientId,
          content,
          clientMessageId,
        });
  } catch (error) {
    // The match was dissolved after the membership check (its row lock made the insert wait).
    if (isForeignKeyViolation(error)) {
      forgetConversationPair(db, match.id);
      throw notFound(CHAT_ERRORS.conversationNotFound);
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
    throw notFound(CHAT_ERRORS.conversationNotFound);
  }

  const message = presentMessage(row);
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
    throw badRequest('Upload the file first', [{ path: 'mediaId', message: 'Upload the file first' }]);
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
      throw notFound(CHAT_ERRORS.conversationNotFound);
    }
    if (!(error instanceof AlreadyStored)) throw error;
  }
  if (!stored) {
    const earlier = await replayed(db, senderId, input);
    if (earlier) return { message: earlier, created: false };
    throw notFound(CHAT_ERRORS.conversationNotFound);
  }
  const message = presentMessage(stored.row, [], stored.media);
  deps.events.emit('message.created', { message, recipientId });
  return { message, created: true };
}

/**
 * Her 'allowMessagesFrom: verified' setting: a member who is not verified cannot open the conversation;
 * once she has written herself, the conversation is open. ('everyone' and 'matches' allow every match:
 * only matches can message at all.)
 */
async function requireRecipientAllows(db: Db, senderId: string, recipientId: string, matchId: string): Promise<void> {
  if ((await privacyFor(db, recipientId)).allowMessagesFrom !== 'verified') return;
  if ((await accountState(db, senderId))?.verified) return;
  const [wrote] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.matchId, matchId), eq(messages.senderId, recipientId)))
    .limit(1);
  if (wrote) return;
  throw forbidden(
    'This member only accepts a first message from verified members. Get verified to message her, or wait for her to write first.',
  );
}

/**
 * A text message in one round trip: the row is inserted only if the recipient is not suspended, no
 * block stands between the two, and her 'allowMessagesFrom: verified' lets this sender write
 * (`requireRecipientAllows`, as SQL) — all checked in the same statement, so none is ever missed
 * however the pair was looked up, on any instance — and not at all for a repeated clientMessageId.
 * No row back means one of these.
 *
 * The statement is built once per database and prepared (named, so PostgreSQL plans it once per
 * connection): building it with Drizzle for every message cost more CPU than the rest of a send.
 */
function insertTextUnlessRefused(db: Db, values: TextInsertValues): Promise<MessageRow | undefined> {
  let statement = textInserts.get(db);
  if (!statement) {
    statement = prepareTextInsert(db);
    textInserts.set(db, statement);
  }
  return statement.execute(values).then((rows) => rows[0]);
}

type TextInsertValues = {
  matchId: string;
  senderId: string;
  recipientId: string;
  content: string;
  clientMessageId: string | null;
};

const textInserts = new WeakMap<Db, ReturnType<typeof prepareTextInsert>>();

function prepareTextInsert(db: Db) {
  const sender = sql`${sql.placeholder('senderId')}::uuid`;
  const recipient = sql`${sql.placeholder('recipientId')}::uuid`;
  const matchId = sql`${sql.placeholder('matchId')}::uuid`;
  const senderVerified = sql`exists (select 1 from ${memberTable} where ${memberTable.id} = ${sender} and ${memberTable.isVerified})`;
  const recipientWroteFirst = sql`exists (select 1 from ${messages} where ${messages.matchId} = ${matchId} and ${messages.senderId} = ${recipient})`;
  // Selected from her row, so there is nothing to insert when she may not be written to. Drizzle
  // checks that the keys name every column of `messages` in table order.
  return db
    .insert(messages)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          matchId: sql`${matchId}`.as('match_id'),
          senderId: sql`${sender}`.as('sender_id'),
          content: sql`${sql.placeholder('content')}::text`.as('content'),
          messageType: sql`'text'::text`.as('message_type'),
          icebreakerId: sql`null::uuid`.as('icebreaker_id'),
          clientMessageId: sql`${sql.placeholder('clientMessageId')}::text`.as('client_message_id'),
          createdAt: sql`now()`.as('created_at'),
          readAt: sql`null::timestamptz`.as('read_at'),
        })
        .from(memberTable)
        .where(
          and(
            sql`${memberTable.id} = ${recipient}`,
            notSuspendedRow(memberTable.suspendedUntil),
            notBlockedWith(sender, memberTable.id),
            or(not(acceptsOnlyVerifiedWriters(recipient)), senderVerified, recipientWroteFirst),
          ),
        ),
    )
    .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
    .returning()
    .prepare('chat_insert_text_message');
}

async function replayed(db: Db, senderId: string, input: SendMessageInput): Promise<Message | undefined> {
  const [existing] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, input.clientMessageId ?? '')));
  if (!existing) return undefined;
  if (existing.matchId !== input.matchId) {
    throw conflict('This clientMessageId was already used for another conversation', [
      { path: 'clientMessageId', message: 'Already used' },
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
  throw existing ? conflict(CHAT_ERRORS.icebreakerUsed) : notFound(CHAT_ERRORS.icebreakerNotFound);
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
  await requireConversation(db, matchId, viewerId);
  const conditions = [eq(messages.matchId, matchId)];
  if (page.cursor) {
    const [cursorRow] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, page.cursor), eq(messages.matchId, matchId)));
    if (!cursorRow)
      throw badRequest('Invalid cursor', [{ path: 'cursor', message: 'Not a message of this conversation' }]);
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
  };
}

/**
 * The recipient marks one message read. Only she may (anyone else gets the same 404 as for a
 * message that does not exist); the first time emits `message.read`, later times change nothing.
 */
export async function markMessageRead(deps: ChatDeps, readerId: string, messageId: string): Promise<ReadReceipt> {
  const { db } = deps;
  const { message } = await findMessageForMember(db, messageId, readerId);
  if (message.senderId === readerId) throw notFound(CHAT_ERRORS.messageNotFound);
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

import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  max,
  min,
  ne,
  not,
  notInArray,
  or,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import type { MessageType } from '../../../contract/chat';
import type { MediaKind } from '../../../contract/chat-media';
import { memberTable, notBlockedWith, notSuspendedRow } from '../../core';
import type { DbCaches, SharedCache } from '../../db/caches';
import type { Db } from '../../db/client';
import type { Language } from '../../i18n';
import { chatMedia, icebreakers, messageReactions, messages } from '../../db/schema/chat';
import { findMatchForMember, matchIdsOfMember, type MatchRow } from '../matches';
import { acceptsOnlyVerifiedWriters } from '../preferences';
import { ChatActivityTallies, type ChatActivity, type TallyRow } from './activity';
import { StoreBatcher, type MessageColumns, type MessageToStore } from './store';

/**
 * Every statement of chat: messages, reactions, conversation starters and message media. Services
 * decide and answer; what is read and written, and the rule of who may write to whom, are here.
 *
 * Plain functions take the handle to run on (the database, or a transaction). What chat keeps per
 * database — the prepared message insert with its group commit, the remembered pairs and the chat
 * activity tallies — belongs to the one `ChatRepository` app.ts makes for its database.
 */

export type MessageRow = typeof messages.$inferSelect;
export type ChatMediaRow = typeof chatMedia.$inferSelect;
export type NewChatMedia = typeof chatMedia.$inferInsert;

// ---------------------------------------------------------------------------------------------------
// May she write: the rule

/**
 * May `sender` write to `recipient` in conversation `matchId`: the one statement of the rule, as SQL
 * over her member row (`memberTable`, which the statement using it reads for the recipient). Three parts:
 * - `recipientActive`: she is not suspended;
 * - `notBlocked`: no block stands between the two, either way;
 * - `settingAllows`: her 'allowMessagesFrom: verified' setting — a member who is not verified cannot
 *   open the conversation; once she has written herself, it is open. ('everyone' and 'matches' allow
 *   every match: only matches can message at all.)
 * The message insert stores only what all three allow, in the statement that inserts, so none is ever
 * missed however the pair was looked up, on any instance; `mayWrite` asks the same three to say why.
 */
function writeRule(sender: SQLWrapper, recipient: SQLWrapper, matchId: SQLWrapper) {
  const senderVerified = sql`exists (select 1 from ${memberTable} where ${memberTable.id} = ${sender} and ${memberTable.isVerified})`;
  const recipientWroteFirst = sql`exists (select 1 from ${messages} where ${messages.matchId} = ${matchId} and ${messages.senderId} = ${recipient})`;
  return {
    recipientActive: notSuspendedRow(memberTable.suspendedUntil),
    notBlocked: notBlockedWith(sender, memberTable.id),
    settingAllows: sql<boolean>`(${or(not(acceptsOnlyVerifiedWriters(recipient)), senderVerified, recipientWroteFirst)})`,
  };
}

interface WriteVerdict {
  /** All of the rule's parts hold: a message from her would be stored. */
  allowed: boolean;
  /** She (still) exists and is not suspended. */
  recipientActive: boolean;
  notBlocked: boolean;
  /** Her first-message setting lets this sender write. */
  settingAllows: boolean;
}

/** The rule's answer for one message, part by part (the same SQL the insert filters on). */
export async function mayWrite(
  db: Db,
  message: { senderId: string; recipientId: string; matchId: string },
): Promise<WriteVerdict> {
  const rule = writeRule(
    sql`${message.senderId}::uuid`,
    sql`${message.recipientId}::uuid`,
    sql`${message.matchId}::uuid`,
  );
  const [row] = await db
    .select({
      exists: sql<boolean>`${memberTable.id} is not null`,
      recipientActive: sql<boolean>`${rule.recipientActive}`,
      notBlocked: sql<boolean>`${rule.notBlocked}`,
      settingAllows: rule.settingAllows,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(memberTable, eq(memberTable.id, message.recipientId));
  const recipientActive = Boolean(row?.exists && row.recipientActive);
  const notBlocked = Boolean(row?.notBlocked);
  const settingAllows = Boolean(row?.settingAllows);
  return { allowed: recipientActive && notBlocked && settingAllows, recipientActive, notBlocked, settingAllows };
}

// ---------------------------------------------------------------------------------------------------
// Storing messages

/**
 * The text insert for a batch of messages (group commit, store.ts): built once per repository and
 * prepared (named, so PostgreSQL plans it once per connection): building it with Drizzle for every
 * message cost more CPU than the rest of a send. Rows come from her member row joined to the batch,
 * filtered by the write rule, so there is nothing to insert for a message she may not get; a repeated
 * (sender, clientMessageId) inserts nothing. Drizzle checks that the selected keys name every column
 * of `messages` in table order.
 */
function prepareStore(db: Db) {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;
  const batch = sql`unnest(${p('ids', 'uuid')}, ${p('matchIds', 'uuid')}, ${p('senderIds', 'uuid')},
    ${p('recipientIds', 'uuid')}, ${p('contents', 'text')}, ${p('messageTypes', 'text')},
    ${p('clientMessageIds', 'text')}) as batch(id, match_id, sender_id, recipient_id, content, message_type, client_message_id)`;
  const column = (name: string) => sql.raw(`batch.${name}`);
  const rule = writeRule(column('sender_id'), column('recipient_id'), column('match_id'));
  return db
    .insert(messages)
    .select(
      db
        .select({
          id: sql`${column('id')}`.as('id'),
          matchId: sql`${column('match_id')}`.as('match_id'),
          senderId: sql`${column('sender_id')}`.as('sender_id'),
          content: sql`${column('content')}`.as('content'),
          messageType: sql`${column('message_type')}`.as('message_type'),
          icebreakerId: sql`null::uuid`.as('icebreaker_id'),
          clientMessageId: sql`${column('client_message_id')}`.as('client_message_id'),
          createdAt: sql`now()`.as('created_at'),
          readAt: sql`null::timestamptz`.as('read_at'),
        })
        .from(batch)
        .innerJoin(memberTable, sql`${memberTable.id} = ${column('recipient_id')}`)
        .where(and(rule.recipientActive, rule.notBlocked, rule.settingAllows)),
    )
    .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
    .returning()
    .prepare('chat_store_messages');
}

/** One object per outcome, so that checking one narrows the rest. */
type Outcomes<T extends string> = { [K in T]: { outcome: K } }[T];

/** Rolls a transaction back with an outcome to report rather than an error. */
class Refused extends Error {
  constructor(readonly outcome: string) {
    super(outcome);
  }
}

async function refusedAs<T extends string, R>(work: Promise<R>): Promise<R | Outcomes<T>> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof Refused) return { outcome: error.outcome } as Outcomes<T>;
    throw error;
  }
}

/**
 * A conversation starter sent once: its claim (unused, of this match) and the message in one
 * transaction. `used` / `unknown`: the starter was sent before or is not this match's; `repeated`: a
 * message with this clientMessageId is already hers (the claim is undone).
 */
export async function storeStarterMessage(
  db: Db,
  message: { matchId: string; senderId: string; content: string; icebreakerId: string; clientMessageId: string | null },
): Promise<{ outcome: 'stored'; row: MessageRow } | Outcomes<'used' | 'unknown' | 'repeated'>> {
  return refusedAs<'used' | 'unknown' | 'repeated', { outcome: 'stored'; row: MessageRow }>(
    db.transaction(async (tx) => {
      const claimed = await tx
        .update(icebreakers)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(icebreakers.id, message.icebreakerId),
            eq(icebreakers.matchId, message.matchId),
            isNull(icebreakers.usedAt),
          ),
        )
        .returning({ id: icebreakers.id });
      if (claimed.length === 0) {
        const [existing] = await tx
          .select({ id: icebreakers.id })
          .from(icebreakers)
          .where(and(eq(icebreakers.id, message.icebreakerId), eq(icebreakers.matchId, message.matchId)));
        throw new Refused(existing ? 'used' : 'unknown');
      }
      const [stored] = await tx
        .insert(messages)
        .values({ ...message, messageType: 'icebreaker' })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
        .returning();
      if (!stored) throw new Refused('repeated');
      return { outcome: 'stored' as const, row: stored };
    }),
  );
}

/** The photo and voice messages sent in a conversation since `since`: how many, and the oldest one's upload time. */
export async function sentMediaSince(
  db: Db,
  matchId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [sent] = await db
    .select({ n: count(), oldest: min(chatMedia.createdAt) })
    .from(chatMedia)
    .where(and(eq(chatMedia.matchId, matchId), isNotNull(chatMedia.messageId), gt(chatMedia.createdAt, since)));
  return { count: sent?.n ?? 0, oldest: sent?.oldest ?? null };
}

/**
 * A photo or voice message: the message row and the claim of its upload in one transaction. The upload
 * must be hers, this conversation's, of this kind, unsent, and younger than `uploadedAfter`; and the
 * conversation may have sent at most `perHour` media messages since then. `repeated`: a message with this
 * clientMessageId is already hers; `cap` / `unusable`: nothing is stored.
 */
export async function storeMediaMessage(
  db: Db,
  message: {
    matchId: string;
    senderId: string;
    content: string;
    kind: MediaKind;
    mediaId: string;
    clientMessageId: string | null;
  },
  limits: { uploadedAfter: Date; perHour: number },
): Promise<{ outcome: 'stored'; row: MessageRow; media: ChatMediaRow } | Outcomes<'repeated' | 'cap' | 'unusable'>> {
  const { uploadedAfter } = limits;
  return refusedAs<'repeated' | 'cap' | 'unusable', { outcome: 'stored'; row: MessageRow; media: ChatMediaRow }>(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(messages)
        .values({
          matchId: message.matchId,
          senderId: message.senderId,
          content: message.content,
          messageType: message.kind,
          clientMessageId: message.clientMessageId,
        })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
        .returning();
      if (!row) throw new Refused('repeated');
      if ((await sentMediaSince(tx, message.matchId, uploadedAfter)).count >= limits.perHour) {
        throw new Refused('cap');
      }
      const [claimed] = await tx
        .update(chatMedia)
        .set({ messageId: row.id })
        .where(
          and(
            eq(chatMedia.id, message.mediaId),
            eq(chatMedia.matchId, message.matchId),
            eq(chatMedia.uploaderId, message.senderId),
            eq(chatMedia.kind, message.kind),
            isNull(chatMedia.messageId),
            isNotNull(chatMedia.storageKey),
            gt(chatMedia.createdAt, uploadedAfter),
          ),
        )
        .returning();
      if (!claimed) throw new Refused('unusable');
      return { outcome: 'stored' as const, row, media: claimed };
    }),
  );
}

/** Her message with this clientMessageId (a retry's first message), in whichever conversation. */
export async function messageByClientId(
  db: Db,
  senderId: string,
  clientMessageId: string,
): Promise<MessageRow | undefined> {
  const [existing] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)));
  return existing;
}

// ---------------------------------------------------------------------------------------------------
// Reading messages

export async function messageById(db: Db, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
  return row;
}

/**
 * Up to `limit` messages of the conversation, newest first, older than the message `cursor` names,
 * compared as (created_at, id) in SQL so no timestamp precision is lost. Undefined when the cursor is
 * not a message of this conversation.
 */
export async function messagesBefore(
  db: Db,
  matchId: string,
  cursor: string | undefined,
  limit: number,
): Promise<MessageRow[] | undefined> {
  const conditions = [eq(messages.matchId, matchId)];
  if (cursor) {
    const [cursorRow] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, cursor), eq(messages.matchId, matchId)));
    if (!cursorRow) return undefined;
    conditions.push(
      sql`(${messages.createdAt}, ${messages.id}) < (select "created_at", "id" from "messages" where "id" = ${cursor})`,
    );
  }
  return db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/** Marks it read if it was not: its read time when this call marked it, undefined when it already was. */
export async function markRead(db: Db, messageId: string): Promise<Date | undefined> {
  const [updated] = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(eq(messages.id, messageId), isNull(messages.readAt)))
    .returning({ readAt: messages.readAt });
  return updated?.readAt ?? undefined;
}

export async function readAtOf(db: Db, messageId: string): Promise<Date | null | undefined> {
  const [current] = await db.select({ readAt: messages.readAt }).from(messages).where(eq(messages.id, messageId));
  return current?.readAt;
}

/**
 * One statement, linear in her messages: per conversation she wrote in, her counts, whether the other
 * member wrote at all, and whether her last message came after the other's first (she replied).
 */
async function readTally(db: Db, userId: string): Promise<TallyRow[]> {
  const result = (await db.execute<TallyRow>(sql`
    with mine as (
      select ${messages.matchId} as match_id, count(*)::int as sent,
        (count(*) filter (where ${messages.messageType} = 'icebreaker'))::int as icebreakers,
        max(${messages.createdAt}) as last_at
      from ${messages} where ${messages.senderId} = ${userId}
      group by ${messages.matchId}
    ), theirs as (
      select mine.*, (
        select min(t.created_at) from ${messages} t where t.match_id = mine.match_id and t.sender_id <> ${userId}
      ) as first_theirs
      from mine
    )
    select match_id, sent, icebreakers, first_theirs is not null as heard,
      coalesce(first_theirs < last_at, false) as replied
    from theirs`)) as { rows: TallyRow[] };
  return result.rows;
}

// ---------------------------------------------------------------------------------------------------
// What chat keeps per database

/** What chat keeps of one database: the prepared insert with its group commit, remembered pairs, activity tallies. */
export interface ChatRepository {
  /**
   * Stores a message unless `mayWrite` refuses it (checked in the statement that inserts) or her
   * clientMessageId is repeated: the stored row, or undefined; only after the row is committed. A
   * match dissolved meanwhile fails its foreign key (rejects).
   */
  storeMessage(message: MessageToStore): Promise<MessageRow | undefined>;
  /** The match if `userId` is in it, remembered after the first lookup (membership only: see below). */
  conversationPair(matchId: string, userId: string): Promise<MatchRow | undefined>;
  forgetConversationPair(matchId: string): void;
  /** The two can no longer talk (a block, an unmatch, a dissolved match): forget their conversation. */
  forgetConversationsBetween(pair: readonly [string, string]): void;
  /** Her chat activity for badges (activity.ts), moved by `recordActivity` after each stored message. */
  activityOf(userId: string): Promise<ChatActivity>;
  recordActivity(message: { matchId: string; senderId: string; messageType: MessageType }, recipientId: string): void;
}

export function createChatRepository(db: Db, caches: DbCaches): ChatRepository {
  const store = prepareStore(db);
  const batcher = new StoreBatcher<MessageRow>((columns: MessageColumns) => store.execute(columns));
  /**
   * Who is in a match never changes — a match is only ever deleted — so the pair is remembered (per
   * database, in both modes) and a chatty conversation skips one query per message. What can change is
   * not trusted to the cache: the insert checks blocks and suspension itself, and a deleted match fails
   * the insert's foreign key, so a stale entry never lets a message through, on any instance. Entries
   * still go as soon as they are known to be stale: on a failed send, and on every instance when the
   * real-time bus announces a block or a dissolved match (`forgetConversationsBetween`).
   */
  const pairs: SharedCache<MatchRow> = caches.databaseCache<MatchRow>('conversation-pairs', { max: 20_000 });
  const tallies = new ChatActivityTallies((userId) => readTally(db, userId));
  return {
    storeMessage: (message) => batcher.add(message),
    async conversationPair(matchId, userId) {
      const cache = pairs.on(db);
      const hit = cache.get(matchId);
      if (hit) return hit.userA === userId || hit.userB === userId ? hit : undefined;
      const readToken = cache.readToken();
      const match = await findMatchForMember(db, matchId, userId);
      if (match) cache.set(matchId, match, readToken);
      return match;
    },
    forgetConversationPair: (matchId) => pairs.on(db).delete(matchId),
    forgetConversationsBetween: ([a, b]) =>
      pairs.on(db).deleteWhere((m) => (m.userA === a && m.userB === b) || (m.userA === b && m.userB === a)),
    activityOf: (userId) => tallies.activityOf(userId),
    recordActivity: (message, recipientId) => tallies.record(message, recipientId),
  };
}

// ---------------------------------------------------------------------------------------------------
// Reactions

interface ReactionRow {
  messageId: string;
  userId: string;
  emoji: string;
}

/** The reactions of these messages, oldest first. */
export async function reactionsOf(db: Db, messageIds: readonly string[]): Promise<ReactionRow[]> {
  return db
    .select({ messageId: messageReactions.messageId, userId: messageReactions.userId, emoji: messageReactions.emoji })
    .from(messageReactions)
    .where(inArray(messageReactions.messageId, [...messageIds]))
    .orderBy(asc(messageReactions.createdAt));
}

/** One reaction per user, message and emoji: true when this call added it. */
export async function insertReaction(db: Db, reaction: ReactionRow): Promise<boolean> {
  const inserted = await db
    .insert(messageReactions)
    .values(reaction)
    .onConflictDoNothing()
    .returning({ emoji: messageReactions.emoji });
  return inserted.length > 0;
}

/** True when there was one to remove. */
export async function deleteReaction(db: Db, reaction: ReactionRow): Promise<boolean> {
  const removed = await db
    .delete(messageReactions)
    .where(
      and(
        eq(messageReactions.messageId, reaction.messageId),
        eq(messageReactions.userId, reaction.userId),
        eq(messageReactions.emoji, reaction.emoji),
      ),
    )
    .returning({ emoji: messageReactions.emoji });
  return removed.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// Conversation starters

type IcebreakerRow = typeof icebreakers.$inferSelect;
type IcebreakerOffer = Pick<IcebreakerRow, 'id' | 'message' | 'category'>;

/** The texts of the latest `limit` starters offered in this match. */
/** A match's starters in one language, newest first: a set is offered again only in the language it was written in. */
export async function recentStarterTexts(
  db: Db,
  matchId: string,
  language: Language,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ message: icebreakers.message })
    .from(icebreakers)
    .where(and(eq(icebreakers.matchId, matchId), eq(icebreakers.language, language)))
    .orderBy(desc(icebreakers.createdAt))
    .limit(limit);
  return rows.map((r) => r.message);
}

/**
 * Stores a new set of offers, first deleting the unused ones older than the latest `keep`: refreshing
 * in a loop cannot grow the table.
 */
export async function replaceStarterOffers(
  db: Db,
  matchId: string,
  offers: ReadonlyArray<Pick<IcebreakerRow, 'message' | 'category'>>,
  language: Language,
  keep: number,
): Promise<IcebreakerOffer[]> {
  const latest = db
    .select({ id: icebreakers.id })
    .from(icebreakers)
    .where(eq(icebreakers.matchId, matchId))
    .orderBy(desc(icebreakers.createdAt))
    .limit(keep);
  await db
    .delete(icebreakers)
    .where(and(eq(icebreakers.matchId, matchId), isNull(icebreakers.usedAt), notInArray(icebreakers.id, latest)));
  return db
    .insert(icebreakers)
    .values(offers.map((g) => ({ matchId, message: g.message, category: g.category, language })))
    .returning({ id: icebreakers.id, message: icebreakers.message, category: icebreakers.category });
}

/** The set offered last (its unused starters): one generation is one insert, so its rows share created_at. */
export async function latestStarterOffers(
  db: Db,
  matchId: string,
  language: Language,
  limit: number,
): Promise<IcebreakerOffer[]> {
  const inLanguage = and(eq(icebreakers.matchId, matchId), eq(icebreakers.language, language));
  const latest = db
    .select({ at: max(icebreakers.createdAt) })
    .from(icebreakers)
    .where(inLanguage);
  return db
    .select({ id: icebreakers.id, message: icebreakers.message, category: icebreakers.category })
    .from(icebreakers)
    .where(and(inLanguage, isNull(icebreakers.usedAt), eq(icebreakers.createdAt, latest)))
    .orderBy(icebreakers.id)
    .limit(limit);
}

export async function starterById(db: Db, icebreakerId: string) {
  const [row] = await db.select().from(icebreakers).where(eq(icebreakers.id, icebreakerId));
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Message media

export async function insertMedia(db: Db, values: NewChatMedia): Promise<ChatMediaRow | undefined> {
  const [row] = await db.insert(chatMedia).values(values).returning();
  return row;
}

export async function mediaById(db: Db, mediaId: string): Promise<ChatMediaRow | undefined> {
  const [row] = await db.select().from(chatMedia).where(eq(chatMedia.id, mediaId));
  return row;
}

export async function mediaOfMessageIds(db: Db, messageIds: readonly string[]): Promise<ChatMediaRow[]> {
  return db
    .select()
    .from(chatMedia)
    .where(inArray(chatMedia.messageId, [...messageIds]));
}

/** The claim of a view-once photo's one opening: of two opens at once, one gets the row back. */
export async function markOpened(db: Db, mediaId: string): Promise<ChatMediaRow | undefined> {
  const [opened] = await db
    .update(chatMedia)
    .set({ storageKey: null, openedAt: new Date() })
    .where(and(eq(chatMedia.id, mediaId), isNotNull(chatMedia.storageKey)))
    .returning();
  return opened;
}

/** The first play of a voice message; undefined when it was played before. */
export async function markPlayedOnce(db: Db, mediaId: string): Promise<ChatMediaRow | undefined> {
  const [played] = await db
    .update(chatMedia)
    .set({ playedAt: new Date() })
    .where(and(eq(chatMedia.id, mediaId), isNull(chatMedia.playedAt)))
    .returning();
  return played;
}

/**
 * Media to clear, at most `limit`: of conversations that ended (the row lost its match or its uploader)
 * and uploads never sent, older than `unsentBefore`.
 */
export async function sweepableMedia(
  db: Db,
  unsentBefore: Date,
  limit: number,
): Promise<Array<{ id: string; storageKey: string | null }>> {
  return db
    .select({ id: chatMedia.id, storageKey: chatMedia.storageKey })
    .from(chatMedia)
    .where(
      or(
        isNull(chatMedia.matchId),
        isNull(chatMedia.uploaderId),
        and(isNull(chatMedia.messageId), lt(chatMedia.createdAt, unsentBefore)),
      ),
    )
    .limit(limit);
}

export async function deleteMediaRows(db: Db, ids: readonly string[]): Promise<void> {
  await db.delete(chatMedia).where(inArray(chatMedia.id, [...ids]));
}

/** Her sent uploads, oldest first (her data export). */
export async function sentMediaOf(db: Db, userId: string): Promise<ChatMediaRow[]> {
  return db
    .select()
    .from(chatMedia)
    .where(and(eq(chatMedia.uploaderId, userId), isNotNull(chatMedia.messageId)))
    .orderBy(chatMedia.createdAt);
}

// ---------------------------------------------------------------------------------------------------
// Questions other features ask. They take match ids the caller already knows `userId` belongs to;
// access rules stay with the caller's own query.

export async function matchHasMessages(db: Db, matchId: string): Promise<boolean> {
  const [row] = await db.select({ id: messages.id }).from(messages).where(eq(messages.matchId, matchId)).limit(1);
  return row !== undefined;
}

interface ConversationSummary {
  lastMessage: {
    id: string;
    content: string;
    senderId: string;
    messageType: MessageType;
    /** A photo that can be opened once: the list says so instead of "Photo". */
    viewOnce: boolean;
    createdAt: string;
  } | null;
  /** Messages to `userId` she has not marked read. */
  unreadCount: number;
}

/** Last message and unread count per match, for the chat list: two queries, whatever the number of matches. */
export async function conversationSummaries(
  db: Db,
  userId: string,
  matchIds: readonly string[],
): Promise<Map<string, ConversationSummary>> {
  const result = new Map<string, ConversationSummary>(
    matchIds.map((id) => [id, { lastMessage: null, unreadCount: 0 }]),
  );
  if (matchIds.length === 0) return result;
  const ids = [...matchIds];
  const [lastRows, unreadRows] = await Promise.all([
    db
      .selectDistinctOn([messages.matchId], {
        matchId: messages.matchId,
        id: messages.id,
        content: messages.content,
        senderId: messages.senderId,
        messageType: messages.messageType,
        viewOnce: chatMedia.viewOnce,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .leftJoin(chatMedia, eq(chatMedia.messageId, messages.id))
      .where(inArray(messages.matchId, ids))
      .orderBy(messages.matchId, desc(messages.createdAt), desc(messages.id)),
    db
      .select({ matchId: messages.matchId, n: count() })
      .from(messages)
      // Matches the partial index messages_unread_idx.
      .where(and(inArray(messages.matchId, ids), ne(messages.senderId, userId), isNull(messages.readAt)))
      .groupBy(messages.matchId),
  ]);
  for (const row of lastRows) {
    const summary = result.get(row.matchId);
    if (summary) {
      summary.lastMessage = {
        id: row.id,
        content: row.content,
        senderId: row.senderId,
        messageType: row.messageType,
        viewOnce: row.viewOnce ?? false,
        createdAt: row.createdAt.toISOString(),
      };
    }
  }
  for (const row of unreadRows) {
    const summary = result.get(row.matchId);
    if (summary) summary.unreadCount = row.n;
  }
  return result;
}

/**
 * Of the conversations `userId` wrote in, how many have a message from each side: the match quality of
 * preference stats, one statement over messages alone.
 */
export async function twoWayConversations(db: Db, userId: string): Promise<number> {
  const result = (await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select ${messages.matchId} from ${messages}
      where ${messages.matchId} in (select ${messages.matchId} from ${messages} where ${messages.senderId} = ${userId})
      group by ${messages.matchId}
      having count(distinct ${messages.senderId}) = 2
    ) two_way`)) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Conversations with a message to her she has not read: the app icon badge. */
export async function unreadConversationCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(messages.matchId) })
    .from(messages)
    .where(
      and(inArray(messages.matchId, matchIdsOfMember(userId)), ne(messages.senderId, userId), isNull(messages.readAt)),
    );
  return row?.n ?? 0;
}

/** The messages she wrote, for her data export. Her matches' replies are theirs and stay out. */
export async function messagesWrittenBy(db: Db, userId: string) {
  const rows = await db
    .select({ matchId: messages.matchId, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.createdAt));
  return rows.map((m) => ({ matchId: m.matchId, content: m.content, sentAt: m.createdAt.toISOString() }));
}

/** The conversation's last `limit` messages, newest first, with the media rows of those that carry one. */
export async function latestMessagesWithMedia(
  db: Db,
  matchId: string,
  limit: number,
): Promise<{
  rows: Array<Pick<MessageRow, 'id' | 'senderId' | 'content' | 'createdAt' | 'messageType'>>;
  media: ChatMediaRow[];
}> {
  const rows = await db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
      messageType: messages.messageType,
    })
    .from(messages)
    .where(eq(messages.matchId, matchId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  const withMedia = rows.filter((r) => r.messageType === 'image' || r.messageType === 'voice').map((r) => r.id);
  const media =
    withMedia.length === 0 ? [] : await db.select().from(chatMedia).where(inArray(chatMedia.messageId, withMedia));
  return { rows, media };
}

import { eq } from 'drizzle-orm';
import { CHAT_ERRORS } from '../../../contract/chat';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/chat';
import { notFound } from '../../http/errors';
import { findMatchForMember, type MatchRow } from '../matches';

export type MessageRow = typeof messages.$inferSelect;

/**
 * The match, if `userId` may use it; otherwise 404, because a conversation's existence is private.
 * A block or a dissolved match ends access the same way.
 */
export async function requireConversation(db: Db, matchId: string, userId: string): Promise<MatchRow> {
  const match = await findMatchForMember(db, matchId, userId);
  if (!match) throw notFound(CHAT_ERRORS.conversationNotFound);
  return match;
}

/** A message in a conversation `userId` may use; otherwise the same 404 as a message that does not exist. */
export async function findMessageForMember(
  db: Db,
  messageId: string,
  userId: string,
): Promise<{ message: MessageRow; match: MatchRow }> {
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
  const match = row && (await findMatchForMember(db, row.matchId, userId));
  if (!row || !match) throw notFound(CHAT_ERRORS.messageNotFound);
  return { message: row, match };
}

/**
 * Who is in a match never changes — a match is only ever deleted — so the pair can be remembered
 * (per database) and a chatty conversation skips one query per message. What can change, a block,
 * is not remembered: `sendMessage` checks it in the insert itself, and a deleted match fails the
 * insert's foreign key. Both end with `forgetConversationPair`.
 */
const pairs = new WeakMap<Db, Map<string, MatchRow>>();
const MAX_REMEMBERED_PAIRS = 20_000;

/** Like `requireConversation` for membership; a block must be checked by the caller's own statement. */
export async function conversationPair(db: Db, matchId: string, userId: string): Promise<MatchRow> {
  let known = pairs.get(db);
  if (!known) {
    known = new Map();
    pairs.set(db, known);
  }
  const hit = known.get(matchId);
  if (hit) {
    if (hit.userA !== userId && hit.userB !== userId) throw notFound(CHAT_ERRORS.conversationNotFound);
    return hit;
  }
  const match = await requireConversation(db, matchId, userId);
  if (known.size >= MAX_REMEMBERED_PAIRS) known.clear();
  known.set(matchId, match);
  return match;
}

export function forgetConversationPair(db: Db, matchId: string): void {
  pairs.get(db)?.delete(matchId);
}

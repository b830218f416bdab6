import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { databaseCache } from '../../db/process-cache';
import { messages } from '../../db/schema/chat';
import { notFound } from '../../http/errors';
import { findMatchForMember, type MatchRow } from '../matches';
import { localText } from '../../i18n';

export type MessageRow = typeof messages.$inferSelect;

/**
 * The match, if `userId` may use it; otherwise 404, because a conversation's existence is private.
 * A block or a dissolved match ends access the same way.
 */
export async function requireConversation(db: Db, matchId: string, userId: string): Promise<MatchRow> {
  const match = await findMatchForMember(db, matchId, userId);
  if (!match) throw notFound(localText('conversationNotFound'));
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
  if (!row || !match) throw notFound(localText('messageNotFound'));
  return { message: row, match };
}

/**
 * Who is in a match never changes — a match is only ever deleted — so the pair is remembered (per
 * database, in both modes) and a chatty conversation skips one query per message. What can change is
 * not trusted to the cache: `sendMessage` checks blocks and suspension in the insert itself, and a
 * deleted match fails the insert's foreign key, so a stale entry never lets a message through, on
 * any instance. Entries still go as soon as they are known to be stale: on a failed send here, and
 * on every instance when the real-time bus announces a block or a dissolved match
 * (`forgetConversationsBetween`).
 */
const pairCache = (db: Db) => databaseCache<MatchRow>(db, 'conversation-pairs', { max: 20_000 });

/** Like `requireConversation` for membership; a block must be checked by the caller's own statement. */
export async function conversationPair(db: Db, matchId: string, userId: string): Promise<MatchRow> {
  const cache = pairCache(db);
  const hit = cache?.get(matchId);
  if (hit) {
    if (hit.userA !== userId && hit.userB !== userId) throw notFound(localText('conversationNotFound'));
    return hit;
  }
  const readToken = cache?.readToken();
  const match = await requireConversation(db, matchId, userId);
  cache?.set(matchId, match, readToken);
  return match;
}

export function forgetConversationPair(db: Db, matchId: string): void {
  pairCache(db)?.delete(matchId);
}

/** The two can no longer talk (a block, an unmatch, a dissolved match): forget their conversation. */
export function forgetConversationsBetween(db: Db, [a, b]: readonly [string, string]): void {
  pairCache(db)?.deleteWhere((m) => (m.userA === a && m.userB === b) || (m.userA === b && m.userB === a));
}

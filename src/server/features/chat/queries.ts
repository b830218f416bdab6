import { and, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { MessageType } from '../../../contract/chat';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/chat';

/**
 * Read-only questions other features ask about conversations (the match list). They take match ids
 * the caller already knows `userId` belongs to; access rules stay with the caller's own query.
 */

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
        createdAt: messages.createdAt,
      })
      .from(messages)
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

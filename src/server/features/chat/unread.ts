import { and, countDistinct, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/chat';
import { matchIdsOfMember } from '../matches';

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

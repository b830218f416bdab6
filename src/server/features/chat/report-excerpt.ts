import { desc, eq } from 'drizzle-orm';
import { messages } from '../../db/schema/chat';
import { otherMember } from '../matches';
import type { RecentMessages } from '../safety';
import { requireConversation } from './access';

/**
 * The conversation's last `limit` messages, oldest first, for a report filed from it (safety freezes
 * a copy). Only a member of the conversation gets them; anyone else gets the conversation's 404.
 */
export const recentMessagesForReport: RecentMessages = async (db, matchId, userId, limit) => {
  const match = await requireConversation(db, matchId, userId);
  const rows = await db
    .select({ id: messages.id, senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.matchId, match.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return { otherUserId: otherMember(match, userId), messages: rows.reverse() };
};

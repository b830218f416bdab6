import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema/chat';

/** The messages she wrote, for her data export. Her matches' replies are theirs and stay out. */
export async function messagesWrittenBy(db: Db, userId: string) {
  const rows = await db
    .select({ matchId: messages.matchId, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.createdAt));
  return rows.map((m) => ({ matchId: m.matchId, content: m.content, sentAt: m.createdAt.toISOString() }));
}

import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { findMatchForMember, type MatchRow } from '../matches';
import { localText } from '../../i18n';
import { messageById, type ChatRepository, type MessageRow } from './repository';

/**
 * The match, if `userId` may use it; otherwise 404, because a conversation's existence is private.
 * A block or a dissolved match ends access the same way.
 */
export async function requireConversation(db: Db, matchId: string, userId: string): Promise<MatchRow> {
  const match = await findMatchForMember(db, matchId, userId);
  if (!match) throw notFound(localText('conversationNotFound'));
  return match;
}

/**
 * Like `requireConversation` for membership, from the pairs the repository remembers; a block and
 * her suspension must be checked by the caller's own statement (the message insert does).
 */
export async function conversationPair(repository: ChatRepository, matchId: string, userId: string): Promise<MatchRow> {
  const match = await repository.conversationPair(matchId, userId);
  if (!match) throw notFound(localText('conversationNotFound'));
  return match;
}

/** A message in a conversation `userId` may use; otherwise the same 404 as a message that does not exist. */
export async function findMessageForMember(
  db: Db,
  messageId: string,
  userId: string,
): Promise<{ message: MessageRow; match: MatchRow }> {
  const row = await messageById(db, messageId);
  const match = row && (await findMatchForMember(db, row.matchId, userId));
  if (!row || !match) throw notFound(localText('messageNotFound'));
  return { message: row, match };
}

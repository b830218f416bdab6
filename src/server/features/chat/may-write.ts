import { not, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { memberTable } from '../../core';
import { messages } from '../../db/schema/chat';
import { acceptsOnlyVerifiedWriters } from '../preferences';

/**
 * May `sender` write to `recipient` in conversation `matchId`: the one statement of the rule, as SQL,
 * so the insert checks it in the same statement that stores the message, and the explanation after
 * a refusal (`requireRecipientAllows`) asks exactly the same question.
 *
 * Her 'allowMessagesFrom: verified' setting: a member who is not verified cannot open the
 * conversation; once she has written herself, it is open. ('everyone' and 'matches' allow every
 * match: only matches can message at all.) Blocks and suspension are checked beside it.
 */
export function mayWrite(sender: SQLWrapper, recipient: SQLWrapper, matchId: SQLWrapper): SQL {
  const senderVerified = sql`exists (select 1 from ${memberTable} where ${memberTable.id} = ${sender} and ${memberTable.isVerified})`;
  const recipientWroteFirst = sql`exists (select 1 from ${messages} where ${messages.matchId} = ${matchId} and ${messages.senderId} = ${recipient})`;
  return sql`(${or(not(acceptsOnlyVerifiedWriters(recipient)), senderVerified, recipientWroteFirst)})`;
}

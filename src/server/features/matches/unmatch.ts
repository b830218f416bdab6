import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { matches, unmatchedPairs } from '../../db/schema/matches';
import type { DomainEvents } from '../../domain-events';
import { notFound } from '../../http/errors';
import { isUuid } from '../profiles';
import { findMatchForMember, orderedPair } from './service';
import { localText } from '../../i18n';

/**
 * Either member ends the match: the conversation (and its messages) is gone for both, the pair is
 * remembered so they never meet again in discovery, and both are told over the socket
 * ('match.unmatched' → a `match_ended` frame). Sends already under way fail on the deleted row.
 */
export async function unmatch(db: Db, events: DomainEvents, userId: string, matchId: string): Promise<void> {
  const match = isUuid(matchId) ? await findMatchForMember(db, matchId, userId) : undefined;
  if (!match) throw notFound(localText('matchNotFound'));
  const [userA, userB] = orderedPair(match.userA, match.userB);
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.delete(matches).where(eq(matches.id, match.id)).returning({ id: matches.id });
    if (!row) return false;
    await tx.insert(unmatchedPairs).values({ userA, userB }).onConflictDoNothing();
    return true;
  });
  // Unmatched a moment ago by the other member: same outcome, nothing more to announce.
  if (!deleted) throw notFound(localText('matchNotFound'));
  events.emit('match.unmatched', { matchId: match.id, userIds: [userA, userB], byUserId: userId });
}

/** A condition for discovery and matching: `viewerId` and `other` were never unmatched. */
export function notUnmatchedWith(viewerId: string | SQL, other: AnyPgColumn | SQL): SQL {
  // Two NOT EXISTS, each an anti-join on an index (see notBlockedWith for why not one OR).
  return sql`(not exists (
    select 1 from ${unmatchedPairs} where ${unmatchedPairs.userA} = ${viewerId} and ${unmatchedPairs.userB} = ${other}
  ) and not exists (
    select 1 from ${unmatchedPairs} where ${unmatchedPairs.userB} = ${viewerId} and ${unmatchedPairs.userA} = ${other}
  ))`;
}

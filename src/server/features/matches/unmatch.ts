import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { notFound } from '../../http/errors';
import { isUuid } from '../profiles';
import { deleteMatchRemembered, findMatchForMember, orderedPair } from './repository';
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
  // Unmatched a moment ago by the other member: same outcome, nothing more to announce.
  if (!(await deleteMatchRemembered(db, match))) throw notFound(localText('matchNotFound'));
  events.emit('match.unmatched', { matchId: match.id, userIds: [userA, userB], byUserId: userId });
}

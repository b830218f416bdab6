import { SEEN_RECENTLY_DAYS, type PeopleMet, type PersonMet } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { conversationSummaries } from '../chat';
import { matchesWithPartner, swipedOnSince } from '../matches';
import { memberBylines } from '../profiles';

/** Enough for a picker; older ones she can still name by username. */
const MAX_SEEN_RECENTLY = 50;

/**
 * Whom she can pick in the Safety Center's Report and Block forms without knowing a username: those
 * she chatted with (latest conversation first), then other matches, then people she swiped on in the
 * last two weeks. Blocks either way hide a person, as everywhere else.
 */
export async function peopleMetBy(db: Db, userId: string, now = new Date()): Promise<PeopleMet> {
  const matched = await matchesWithPartner(db, userId);
  const summaries = await conversationSummaries(
    db,
    userId,
    matched.map((m) => m.matchId),
  );
  const lastMessageAt = (matchId: string) => summaries.get(matchId)?.lastMessage?.createdAt ?? null;
  const chatted = matched
    .filter((m) => lastMessageAt(m.matchId) !== null)
    .sort((a, b) => (lastMessageAt(b.matchId) ?? '').localeCompare(lastMessageAt(a.matchId) ?? ''));
  const since = new Date(now.getTime() - SEEN_RECENTLY_DAYS * 24 * 60 * 60_000);
  const seen = await swipedOnSince(db, userId, since, MAX_SEEN_RECENTLY);

  const ordered = new Map<string, PersonMet['how']>();
  for (const m of chatted) ordered.set(m.partnerId, 'chatted');
  for (const m of matched) if (!ordered.has(m.partnerId)) ordered.set(m.partnerId, 'matched');
  for (const id of seen) if (!ordered.has(id)) ordered.set(id, 'seen_recently');

  const bylines = await memberBylines(db, [...ordered.keys()]);
  const people: PersonMet[] = [];
  for (const [id, how] of ordered) {
    const byline = bylines.get(id);
    if (byline) people.push({ id, firstName: byline.firstName, photo: byline.photo, how });
  }
  return { people };
}

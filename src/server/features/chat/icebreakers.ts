import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, max, notInArray } from 'drizzle-orm';
import { ICEBREAKERS_MAX, type Icebreaker, type Message } from '../../../contract/chat';
import { icebreakers } from '../../db/schema/chat';
import { conflict, notFound } from '../../http/errors';
import { findUser } from '../../core';
import { otherMember } from '../matches';
import { requireConversation } from './access';
import { generateIcebreakers } from './icebreaker-generator';
import { sendMessage, type ChatDeps } from './messages';
import { localText } from '../../i18n';

/** Offered starters already seen are avoided when refreshing; this many of the latest count. */
const RECENT_OFFERS = 25;

/**
 * A fresh set of 3–5 starters for the viewer to send in this match, stored so one can be used by id.
 * Without a seed every call is a new draw that avoids recently offered starters (the refresh
 * button); with one the set is reproducible.
 */
export async function generateForMatch(
  deps: ChatDeps,
  viewerId: string,
  matchId: string,
  seed?: string,
): Promise<Icebreaker[]> {
  const { db } = deps;
  const match = await requireConversation(db, matchId, viewerId);
  const [viewer, other] = await Promise.all([findUser(db, viewerId), findUser(db, otherMember(match, viewerId))]);
  if (!viewer || !other) throw notFound(localText('conversationNotFound'));

  const recent = seed
    ? []
    : await db
        .select({ message: icebreakers.message })
        .from(icebreakers)
        .where(eq(icebreakers.matchId, matchId))
        .orderBy(desc(icebreakers.createdAt))
        .limit(RECENT_OFFERS);
  const generated = generateIcebreakers(
    viewer,
    other,
    `${matchId}:${viewerId}:${seed ?? randomUUID()}`,
    new Set(recent.map((r) => r.message)),
  );

  // Only the latest offers are kept unused, so refreshing in a loop cannot grow the table.
  const latest = db
    .select({ id: icebreakers.id })
    .from(icebreakers)
    .where(eq(icebreakers.matchId, matchId))
    .orderBy(desc(icebreakers.createdAt))
    .limit(RECENT_OFFERS);
  await db
    .delete(icebreakers)
    .where(and(eq(icebreakers.matchId, matchId), isNull(icebreakers.usedAt), notInArray(icebreakers.id, latest)));
  const rows = await db
    .insert(icebreakers)
    .values(generated.map((g) => ({ matchId, message: g.message, category: g.category })))
    .returning({ id: icebreakers.id, message: icebreakers.message, category: icebreakers.category });
  return rows;
}

/** The set offered last (its unused starters), without generating any: what a GET may do. */
export async function storedIcebreakers(deps: ChatDeps, viewerId: string, matchId: string): Promise<Icebreaker[]> {
  await requireConversation(deps.db, matchId, viewerId);
  // One generation is one insert, so its rows share created_at.
  const latest = deps.db
    .select({ at: max(icebreakers.createdAt) })
    .from(icebreakers)
    .where(eq(icebreakers.matchId, matchId));
  return deps.db
    .select({ id: icebreakers.id, message: icebreakers.message, category: icebreakers.category })
    .from(icebreakers)
    .where(and(eq(icebreakers.matchId, matchId), isNull(icebreakers.usedAt), eq(icebreakers.createdAt, latest)))
    .orderBy(icebreakers.id)
    .limit(ICEBREAKERS_MAX);
}

/** Marks a starter used and sends it as an `icebreaker` message from the caller; once only (409 after). */
export async function useIcebreaker(deps: ChatDeps, userId: string, icebreakerId: string): Promise<Message> {
  const { db } = deps;
  const [row] = await db.select().from(icebreakers).where(eq(icebreakers.id, icebreakerId));
  if (!row) throw notFound(localText('icebreakerNotFound'));
  // A starter of someone else's match is as unknown as one that does not exist.
  const match = await requireConversation(db, row.matchId, userId).catch(() => {
    throw notFound(localText('icebreakerNotFound'));
  });
  if (row.usedAt) throw conflict(localText('icebreakerUsed'));
  const { message } = await sendMessage(deps, userId, {
    matchId: match.id,
    content: row.message,
    messageType: 'icebreaker',
    icebreakerId: row.id,
  });
  return message;
}

import { randomUUID } from 'node:crypto';
import { ICEBREAKERS_MAX, type Icebreaker, type Message } from '../../../contract/chat';
import { conflict, notFound } from '../../http/errors';
import { findUser } from '../../core';
import { otherMember } from '../matches';
import { requireConversation } from './access';
import { generateIcebreakers } from './icebreaker-generator';
import { sendMessage, type ChatDeps } from './messages';
import { latestStarterOffers, recentStarterTexts, replaceStarterOffers, starterById } from './repository';
import { localText, type Language } from '../../i18n';

/** Offered starters already seen are avoided when refreshing; this many of the latest count. */
const RECENT_OFFERS = 25;

/**
 * A fresh set of 3–5 starters for the viewer to send in this match, in her `language`, stored so one can be used by
 * id. Without a seed every call is a new draw that avoids recently offered starters (the refresh button); with one
 * the set is reproducible.
 */
export async function generateForMatch(
  deps: ChatDeps,
  viewerId: string,
  matchId: string,
  language: Language,
  seed?: string,
): Promise<Icebreaker[]> {
  const { db } = deps;
  const match = await requireConversation(db, matchId, viewerId);
  const [viewer, other] = await Promise.all([findUser(db, viewerId), findUser(db, otherMember(match, viewerId))]);
  if (!viewer || !other) throw notFound(localText('conversationNotFound'));

  const recent = seed ? [] : await recentStarterTexts(db, matchId, language, RECENT_OFFERS);
  const generated = generateIcebreakers(
    viewer,
    other,
    `${matchId}:${viewerId}:${seed ?? randomUUID()}`,
    language,
    new Set(recent),
  );
  // Only the latest offers are kept unused, so refreshing in a loop cannot grow the table.
  return replaceStarterOffers(db, matchId, generated, language, RECENT_OFFERS);
}

/**
 * The set offered last in her `language` (its unused starters), without generating any: what a GET may do. A set
 * written in another language (before she switched, or the other member's) is not hers to read.
 */
export async function storedIcebreakers(
  deps: ChatDeps,
  viewerId: string,
  matchId: string,
  language: Language,
): Promise<Icebreaker[]> {
  await requireConversation(deps.db, matchId, viewerId);
  return latestStarterOffers(deps.db, matchId, language, ICEBREAKERS_MAX);
}

/** Marks a starter used and sends it as an `icebreaker` message from the caller; once only (409 after). */
export async function useIcebreaker(deps: ChatDeps, userId: string, icebreakerId: string): Promise<Message> {
  const { db } = deps;
  const row = await starterById(db, icebreakerId);
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

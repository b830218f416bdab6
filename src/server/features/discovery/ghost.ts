import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { premiumRequired } from '../../http/errors';
import { isPremium, setGhostMode } from '../../core';
import { createPendingMatches } from '../matches';
import { localText, type LocalText } from '../../i18n';

/** Ghost mode as it is now, and how many matches turning it off made. */
interface GhostChange {
  ghostMode: boolean;
  newMatches: number;
}

/** What the switch did, in words for her (the route puts them in her language). */
export const ghostChangeText = (change: GhostChange): LocalText =>
  change.ghostMode ? localText('ghostModeOn') : localText('ghostModeOff', { count: change.newMatches });

/**
 * Ghost mode hides her from everyone's discovery and likes lists and makes no new matches; existing
 * matches and chats go on. Turning it on needs Premium; turning it off never does. When Premium ends,
 * billing turns it off (the rule: a lapsed member is visible again).
 * Likes she gave while hidden were kept: mutual ones become matches when she turns it off.
 */
export async function setGhost(
  db: Db,
  caches: DbCaches,
  events: DomainEvents,
  userId: string,
  on: boolean,
): Promise<GhostChange> {
  if (on && !(await isPremium(db, userId))) throw premiumRequired(localText('ghostModeIsA'));
  await setGhostMode(db, caches, userId, on);
  if (on) return { ghostMode: true, newMatches: 0 };
  const created = await createPendingMatches(db, userId);
  for (const match of created) {
    events.emit('match.created', {
      matchId: match.id,
      userIds: [match.userA, match.userB],
      createdAt: match.createdAt.toISOString(),
      mode: match.mode,
    });
  }
  return { ghostMode: false, newMatches: created.length };
}

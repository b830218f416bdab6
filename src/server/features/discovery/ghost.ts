import type { GhostModeResponse } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { premiumRequired } from '../../http/errors';
import { isPremium, setGhostMode } from '../../core';
import { createPendingMatches } from '../matches';
import { localText } from '../../i18n';

/**
 * Ghost mode hides her from everyone's discovery and likes lists and makes no new matches; existing
 * matches and chats go on. Turning it on needs Premium; turning it off never does. When Premium ends,
 * billing turns it off (the rule: a lapsed member is visible again).
 * Likes she gave while hidden were kept: mutual ones become matches when she turns it off.
 */
export async function setGhost(db: Db, events: DomainEvents, userId: string, on: boolean): Promise<GhostModeResponse> {
  if (on && !(await isPremium(db, userId))) throw premiumRequired(localText('ghostModeIsA'));
  await setGhostMode(db, userId, on);
  if (on) {
    return { ghostMode: true, message: "You're invisible: you won't appear in discovery or get new matches" };
  }
  const created = await createPendingMatches(db, userId);
  for (const match of created) {
    events.emit('match.created', {
      matchId: match.id,
      userIds: [match.userA, match.userB],
      createdAt: match.createdAt.toISOString(),
      mode: match.mode,
    });
  }
  const news =
    created.length === 0 ? '' : ` and you have ${created.length} new match${created.length === 1 ? '' : 'es'}`;
  return { ghostMode: false, message: `You're visible in discovery again${news}` };
}

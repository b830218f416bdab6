import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_SUSPENDED_REASON } from '../../contract/realtime';
import type { Db } from '../db/client';
import { unsubscribeAll, type DomainEvents, type Unsubscribe } from '../domain-events';
import { findUser } from '../core';
import { photoUrlsOf } from '../features/profiles';
import type { Hub } from './hub';

/**
 * Every listener of the real-time layer: the translation of domain events into what sockets hear (frames
 * for the users concerned, closed sockets for ended sessions and suspended members, revoked pairs for
 * blocks and ended matches). Everything goes through the hub, so it reaches sockets on every instance.
 */
export function realtimeSubscriptions(deps: {
  db: Db;
  events: DomainEvents;
  hub: Hub;
  log: FastifyBaseLogger;
}): Unsubscribe {
  const { db, events, hub, log } = deps;
  return unsubscribeAll([
    events.on('message.created', ({ message, recipientId }) =>
      hub.emitToUser([message.senderId, recipientId], 'message', {
        matchId: message.matchId,
        senderId: message.senderId,
        messageId: message.id,
        message,
      }),
    ),
    // The sender sees "Read"; the reader's other devices clear their unread count without a reload.
    events.on('message.read', ({ messageId, matchId, senderId, readerId, readAt }) =>
      hub.emitToUser([senderId, readerId], 'read_receipt', { messageId, matchId, readAt }),
    ),
    events.on('media.updated', ({ state, userIds }) => hub.emitToUser(userIds, 'media_state', state)),
    events.on('message.reactions_changed', ({ matchId, messageId, userIds, reactions }) => {
      // `reactedByMe` is relative to each member, so each hears her own version.
      for (const userId of userIds) {
        hub.emitToUser(userId, 'reactions', {
          matchId,
          messageId,
          reactions: reactions.map((group) => ({ ...group, reactedByMe: group.userIds.includes(userId) })),
        });
      }
    }),
    events.on('notice.created', ({ userId, notice }) => hub.emitToUser(userId, 'notice', { notice })),
    events.on('badge.earned', ({ userId, badge }) => hub.emitToUser(userId, 'badge_earned', { badge })),
    // Her own sockets only (every device, the saving one too): what changed is hers to fetch, nothing is in the frame.
    events.on('preferences.changed', ({ userId, revision }) =>
      hub.emitToUser(userId, 'preferences_changed', { revision }),
    ),
    events.on('session.ended', ({ tokenHash, reason }) => hub.endSession(tokenHash, reason)),
    events.on('like.created', ({ targetUserId, superLike, mode }) =>
      hub.emitToUser(targetUserId, 'like_received', { superLike, mode }),
    ),
    events.on('match.created', ({ matchId, userIds, mode }) => {
      // Each member hears about the other: the celebration shows on both phones.
      return (async () => {
        const [a, b] = await Promise.all(userIds.map((id) => findUser(db, id)));
        if (!a || !b) return;
        const photos = await photoUrlsOf(db, [a.id, b.id]);
        for (const [me, other] of [
          [a, b],
          [b, a],
        ] as const) {
          hub.emitToUser(me.id, 'match', {
            matchId,
            otherUserId: other.id,
            otherName: other.name,
            otherPhoto: photos.get(other.id)?.[0] ?? null,
            mode,
          });
        }
      })().catch((error: unknown) => log.error({ err: error, matchId }, 'realtime: match frame failed'));
    }),
    events.on('user.blocked', ({ blockerId, blockedUserId }) => hub.revokePair([blockerId, blockedUserId])),
    events.on('match.dissolved', ({ userIds }) => hub.revokePair(userIds)),
    events.on('match.unmatched', ({ matchId, userIds }) => {
      hub.revokePair(userIds);
      hub.emitToUser(userIds, 'match_ended', { matchId });
    }),
    events.on('account.suspended', ({ userId }) => hub.endUser(userId, ACCOUNT_SUSPENDED_REASON)),
  ]);
}

import { unsubscribeAll, type DomainEvents, type Unsubscribe } from '../../domain-events';
import { messagesOf } from '../../i18n';
import { messageNotifier, notify, type DeliveryDeps, type Reference } from './delivery';
import { recordNotices, type NewNotice } from './notices';
import { queueMatchText, type SmsDeps } from './sms/texts';

/**
 * Every listener of notifications: the in-app notices other features' events become (a `notice.created`
 * follows each), then what tells her away from the app (each a durable job: email, push, and a match
 * text to each member who has no socket open).
 */
export function notificationsSubscriptions(deps: {
  events: DomainEvents;
  delivery: DeliveryDeps;
  sms: SmsDeps;
  /** Who has an open socket now (the realtime presence). */
  onlineAmong: (userIds: readonly string[]) => Promise<Set<string>>;
}): Unsubscribe {
  const { events, delivery, sms } = deps;
  const { db, log } = delivery;
  const record = (userIds: string[], entry: NewNotice) =>
    recordNotices(db, events, userIds, entry).catch((error: unknown) =>
      log.error({ err: error }, 'storing a notice failed'),
    );
  const failed = (error: unknown) => log.error({ err: error }, 'notifications: could not queue a delivery');
  const queue = (userId: string, reference: Exclude<Reference, { kind: 'message' }>) =>
    notify(delivery, userId, reference).catch(failed);
  const notifyMessage = messageNotifier(delivery);
  return unsubscribeAll([
    // In-app notices.
    events.on('event.cancelled', ({ attendeeIds, title, eventDate }) =>
      record(attendeeIds, {
        kind: 'event_cancelled',
        text: (language) => messagesOf(language).noticeMeetupCancelled({ title, date: new Date(eventDate) }),
        link: '/events',
      }),
    ),
    events.on('member.warned', ({ userId, rule }) =>
      record([userId], {
        kind: 'warning',
        text: (language) => messagesOf(language).noticeWarning({ rule }),
        link: '/safety',
      }),
    ),
    events.on('badge.earned', ({ userId, badge }) =>
      record([userId], {
        kind: 'badge_earned',
        text: (language) =>
          messagesOf(language).noticeBadgeEarned({
            id: badge.id,
            name: badge.badge.name,
            description: badge.badge.description,
          }),
        link: '/profile',
      }),
    ),
    // Email and push.
    events.on('match.created', ({ matchId, userIds }) =>
      Promise.all(userIds.map((userId) => queue(userId, { kind: 'match', matchId }))),
    ),
    // SMS.
    events.on('match.created', async ({ userIds }) => {
      try {
        const online = await deps.onlineAmong(userIds);
        for (const userId of userIds) {
          if (!online.has(userId)) await queueMatchText(sms, userId);
        }
      } catch (error) {
        log.error({ err: error }, 'sms: could not queue a match text');
      }
    }),
    events.on('message.created', ({ message, recipientId }) =>
      notifyMessage(recipientId, message.matchId).catch(failed),
    ),
    events.on('like.created', ({ userId, targetUserId, superLike, mode }) =>
      queue(targetUserId, { kind: 'like', likerId: userId, superLike, mode }),
    ),
    events.on('member.warned', ({ userId }) => queue(userId, { kind: 'moderation' })),
  ]);
}

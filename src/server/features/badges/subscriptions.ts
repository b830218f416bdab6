import type { FastifyBaseLogger } from 'fastify';
import { unsubscribeAll, type Unsubscribe } from '../../domain-events';
import { badgeAwarder } from './awarding';
import type { BadgeDeps } from './service';

/** Every listener of badges: which domain events can move which badges, and for whom. */
export function badgesSubscriptions(deps: BadgeDeps & { log: FastifyBaseLogger }): Unsubscribe {
  const { events } = deps;
  const award = badgeAwarder(deps, (error) => deps.log.error({ err: error }, 'awarding badges failed'));
  return unsubscribeAll([
    events.on('match.created', ({ userIds }) => award(userIds, ['first_match', 'social_butterfly'])),
    events.on('message.created', ({ message }) =>
      award([message.senderId], ['conversation_starter', 'icebreaker', 'good_listener']),
    ),
    events.on('event.hosted', ({ userId }) => award([userId], ['host'])),
    events.on('event.joined', ({ userId }) => award([userId], ['regular'])),
    events.on('verification.approved', ({ userId }) => award([userId], ['verified'])),
    events.on('story.posted', ({ userId }) => award([userId], ['storyteller'])),
    events.on('story.supported', ({ userId }) => award([userId], ['supportive'])),
    events.on('tea.review_posted', ({ userId }) => award([userId], ['tea_critic'])),
  ]);
}

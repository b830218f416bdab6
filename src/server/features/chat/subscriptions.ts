import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { unsubscribeAll, type DomainEvents, type Unsubscribe } from '../../domain-events';
import type { JobQueue } from '../../jobs';
import { postLikeComments } from './like-comments';
import { queueMediaSweep } from './media';
import type { ChatRepository } from './repository';

/**
 * Every listener of chat: a new match opens with the comments of its likes; message media is swept at
 * once when a conversation or an account ends.
 */
export function chatSubscriptions(deps: {
  db: Db;
  repository: ChatRepository;
  events: DomainEvents;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}): Unsubscribe {
  const { events } = deps;
  const sweepSoon = () => queueMediaSweep(deps);
  return unsubscribeAll([
    events.on('match.created', (match) => postLikeComments(deps, match)),
    events.on('match.unmatched', sweepSoon),
    events.on('match.dissolved', sweepSoon),
    events.on('account.deleted', sweepSoon),
  ]);
}

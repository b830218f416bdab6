import type { FastifyBaseLogger } from 'fastify';
import { unsubscribeAll, type DomainEvents, type Unsubscribe } from '../../domain-events';
import type { JobQueue } from '../../jobs';
import { queueMediaSweep } from './media';

/** Every listener of chat: message media is swept at once when a conversation or an account ends. */
export function chatSubscriptions(deps: { events: DomainEvents; jobs: JobQueue; log: FastifyBaseLogger }): Unsubscribe {
  const { events } = deps;
  const sweepSoon = () => queueMediaSweep(deps);
  return unsubscribeAll([
    events.on('match.unmatched', sweepSoon),
    events.on('match.dissolved', sweepSoon),
    events.on('account.deleted', sweepSoon),
  ]);
}

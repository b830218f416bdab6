import type { FastifyBaseLogger } from 'fastify';
import { unsubscribeAll, type DomainEvents, type Unsubscribe } from '../../domain-events';
import { queueMatchText, type SmsDeps } from './sms';

/** Every listener of preferences: a match texts each member who has no socket open (SMS match notifications). */
export function preferencesSubscriptions(deps: {
  events: DomainEvents;
  sms: SmsDeps;
  /** Who has an open socket now (the realtime presence). */
  onlineAmong: (userIds: readonly string[]) => Promise<Set<string>>;
  log: FastifyBaseLogger;
}): Unsubscribe {
  const { events, sms } = deps;
  return unsubscribeAll([
    events.on('match.created', async ({ userIds }) => {
      try {
        const online = await deps.onlineAmong(userIds);
        for (const userId of userIds) {
          if (!online.has(userId)) await queueMatchText(sms, userId);
        }
      } catch (error) {
        deps.log.error({ err: error }, 'sms: could not queue a match text');
      }
    }),
  ]);
}

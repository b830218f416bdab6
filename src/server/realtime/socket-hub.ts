import type { FastifyBaseLogger } from 'fastify';
import type { DbCaches } from '../db/caches';
import type { Db } from '../db/client';
import type { DomainEvents } from '../domain-events';
import type { ChatRepository } from '../features/chat';
import type { RealtimeBackend } from './backend';
import { Hub } from './hub';
import { MembershipCache } from './membership';
import { PresenceQueue } from './presence-queue';

/** The hub every socket and every frame goes through, with the presence and membership it keeps current. */
export interface SocketHub {
  hub: Hub;
  presence: PresenceQueue;
  membership: MembershipCache;
}

/**
 * Built by app.ts before anything listens, so the realtime subscriptions (domain events → frames) and the
 * socket route share one hub.
 */
export function createSocketHub(deps: {
  db: Db;
  caches: DbCaches;
  /** Its remembered pairs are forgotten on every instance when the bus revokes a pair. */
  chat: Pick<ChatRepository, 'forgetConversationsBetween'>;
  events: DomainEvents;
  backend: RealtimeBackend;
  log: FastifyBaseLogger;
}): SocketHub {
  const { db, caches, events, backend } = deps;
  const membership = new MembershipCache(db);
  const presence = new PresenceQueue({
    db,
    caches,
    backend,
    log: deps.log,
    tell: (partnerIds, status) => hub.emitToUser(partnerIds, 'online_status', status),
    track: (work) => events.track(work),
  });
  const hub = new Hub(backend.bus, {
    firstLocalSocket: (userId) => presence.changed(userId, true),
    lastLocalSocket: (userId) => presence.changed(userId, false),
    // On every instance, whichever one the block or unmatch happened on.
    pairRevoked: (pair) => {
      membership.forgetPair(pair);
      deps.chat.forgetConversationsBetween(pair);
    },
  });
  return { hub, presence, membership };
}

import type { FastifyBaseLogger } from 'fastify';
import type { ServerFramePayload } from '../../contract/realtime';
import type { DbCaches } from '../db/caches';
import type { Db } from '../db/client';
import { findUser, touchLastActive } from '../core';
import { matchPartnerIds } from '../features/matches';
import { privacyFor, sharingPresence } from '../features/preferences';
import type { RealtimeBackend } from './backend';

/**
 * Presence changes of one user, applied in the order her sockets opened and closed, so a quick
 * reconnect cannot finish "offline". A change that makes her online or offline everywhere (the
 * shared presence store decides) records her last activity and tells her matches who may hear it.
 */
export class PresenceQueue {
  private readonly queue = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Db;
      caches: DbCaches;
      backend: RealtimeBackend;
      log: FastifyBaseLogger;
      /** Sends her new status to these partners (through the hub, on every instance). */
      tell: (partnerIds: string[], status: ServerFramePayload<'online_status'>) => void;
      /** Hands each change to `events.track`, so `events.drain()` waits for it. */
      track: (work: Promise<unknown>) => void;
    },
  ) {}

  changed(userId: string, online: boolean): void {
    // A restart is not everyone leaving: they reconnect to another instance in a moment, and
    // closing the presence store releases this instance's leases in one go.
    if (this.stopped) return;
    const previous = this.queue.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => this.apply(userId, online))
      .catch((error: unknown) => this.deps.log.error({ err: error, userId }, 'realtime: presence update failed'))
      .finally(() => {
        if (this.queue.get(userId) === next) this.queue.delete(userId);
      });
    this.queue.set(userId, next);
    this.deps.track(next);
  }

  /** Shutting down: later changes are not recorded. */
  stop(): void {
    this.stopped = true;
  }

  /** Waits for the changes under way (the database closes after the app). */
  async drain(): Promise<void> {
    while (this.queue.size > 0) await Promise.allSettled([...this.queue.values()]);
  }

  private async apply(userId: string, online: boolean): Promise<void> {
    const { db, backend } = this.deps;
    const everywhere = online ? await backend.presence.join(userId) : await backend.presence.leave(userId);
    if (!everywhere) return;
    const at = new Date();
    // A deleted account's sockets close after her row is gone: nothing to record.
    const user = await findUser(db, userId);
    if (!user) return;
    await touchLastActive(db, this.deps.caches, userId, at);
    // Ghost mode hides her presence from her matches here as it does in every API answer.
    if (user.ghostMode) return;
    // So does hiding her online status; and whoever hides theirs hears no one's (reciprocal).
    const [sharing, ...partners] = await sharingPresence(db, [userId, ...(await matchPartnerIds(db, userId))]);
    if (sharing !== userId || partners.length === 0) return;
    const lastActive = (await privacyFor(db, userId)).showLastActive ? at.toISOString() : null;
    this.deps.tell(partners, { userId, isOnline: online, lastActive });
  }
}

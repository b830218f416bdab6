import { EventEmitter } from 'node:events';
import type { UserBadge } from '../contract/badges';
import type { Message, ReactionEmoji } from '../contract/chat';
import type { MediaState } from '../contract/chat-media';
import type { DiscoveryMode } from '../contract/discovery';
import type { ReportReason } from '../contract/safety';
import type { Notice } from '../contract/notifications';

/**
 * What happened, said once by the feature that did it. Listeners (real-time frames, notifications)
 * subscribe here, so features never call each other to announce things.
 */
interface DomainEventMap {
  'match.created': { matchId: string; userIds: [string, string]; createdAt: string; mode: DiscoveryMode };
  /** A like (or super like) that did not make a match: the liked member's bell count changes. */
  'like.created': { userId: string; targetUserId: string; superLike: boolean; mode: DiscoveryMode };
  'match.dissolved': { matchId: string; userIds: [string, string] };
  'user.blocked': { blockerId: string; blockedUserId: string };
  /** `reason`: what her sockets of it are told as they close (a password change), else 'Session ended'. */
  'session.ended': { userId: string; tokenHash: string; reason?: string };
  /** Her account and everything that cascades from it are gone. */
  'account.deleted': { userId: string };
  /** One member unmatched: both are told, and the pair can no longer talk. */
  'match.unmatched': { matchId: string; userIds: [string, string]; byUserId: string };
  /** A moderator suspended her: every session was deleted; her sockets on every instance close. */
  'account.suspended': { userId: string; until: string };
  /** A moderator warned her for breaking `rule` (a report reason): she gets an in-app notice. */
  'member.warned': { userId: string; rule: ReportReason };
  /** Stored (never before): the message as both members see it. */
  'message.created': { message: Message; recipientId: string };
  /** A member added or removed a reaction: the message's groups as they now stand, for both members. */
  'message.reactions_changed': {
    matchId: string;
    messageId: string;
    userIds: [string, string];
    reactions: { emoji: ReactionEmoji; count: number; userIds: string[] }[];
  };
  /** The recipient read a message for the first time. */
  'message.read': { messageId: string; matchId: string; senderId: string; readerId: string; readAt: string };
  /** A photo or voice message's media changed (a view-once photo opened, a voice note played): both members hear. */
  'media.updated': { state: MediaState; userIds: [string, string] };
  /** A profile photo was published / removed (profiles). */
  'photo.added': { userId: string; photoId: string };
  'photo.deleted': { userId: string; photoId: string };
  /** A moderator approved her verification: badges listen for the 'verification' badge. */
  'verification.approved': { userId: string; approvedAt: string };
  /** A host cancelled her meetup; `attendeeIds` excludes the host. */
  'event.cancelled': { eventId: string; title: string; eventDate: string; attendeeIds: string[] };
  'event.hosted': { userId: string; eventId: string };
  'event.joined': { userId: string; eventId: string };
  /**
   * Her Tea activity (stories, support, tea reviews), for her badges. Only her id: never the story, so
   * no listener can tie a story to its author. Server-side only: no socket frame, notice or log line is made from these.
   */
  'story.posted': { userId: string };
  'story.supported': { userId: string };
  'tea.review_posted': { userId: string };
  /** She earned a badge (stored once; the badges feature announces it exactly once). */
  'badge.earned': { userId: string; badge: UserBadge };
  /**
   * She saved her preferences (or her filters, which are their age range and distance), committed: her other
   * devices fetch them again, so a language or theme chosen on one follows on the others.
   */
  'preferences.changed': { userId: string; revision: number };
  /** A notice was stored for `userId` (the notifications feature); the real-time layer pushes it. */
  'notice.created': { userId: string; notice: Notice };
}

type DomainEventName = keyof DomainEventMap;

export interface DomainEvents {
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void;
  /**
   * A listener may return the promise of the work it starts (a notice stored, a badge evaluated): `drain()`
   * then waits for it. The emitter never waits: the request that emitted is answered first.
   */
  on<K extends DomainEventName>(name: K, listener: (payload: DomainEventMap[K]) => unknown): () => void;
  /**
   * Resolves when every listener's work started so far, and any work that work started, has settled.
   * Tests await it instead of sleeping; graceful shutdown awaits it before closing the database.
   */
  drain(): Promise<void>;
  /** Side work started outside a listener (a presence change) that `drain()` must wait for too. */
  track(work: Promise<unknown>): void;
}

/** Stops what a feature's `subscriptions.ts` started listening to. */
export type Unsubscribe = () => void;

/** One unsubscribe for a feature's list of listeners (each `events.on` returns its own). */
export function unsubscribeAll(offs: readonly Unsubscribe[]): Unsubscribe {
  return () => {
    for (const off of offs) off();
  };
}

export function createDomainEvents(onListenerError: (error: unknown, name: string) => void): DomainEvents {
  const emitter = new EventEmitter();
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>, name: string) => {
    const tracked: Promise<unknown> = work
      .catch((error: unknown) => onListenerError(error, name))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  return {
    emit(name, payload) {
      emitter.emit(name, payload);
    },
    on(name, listener) {
      // A failing listener must not fail the request that emitted the event.
      const safe = (payload: DomainEventMap[typeof name]) => {
        try {
          const result = listener(payload);
          if (result instanceof Promise) track(result, name);
        } catch (error) {
          onListenerError(error, name);
        }
      };
      emitter.on(name, safe);
      return () => emitter.off(name, safe);
    },
    track(work) {
      track(work, 'tracked work');
    },
    async drain() {
      // Work may emit further events whose listeners add to `pending`: wait until nothing is left.
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

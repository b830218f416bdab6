import { EventEmitter } from 'node:events';
import type { UserBadge } from '../contract/badges';
import type { Message, ReactionEmoji } from '../contract/chat';
import type { ReportReason } from '../contract/safety';
import type { Notice } from '../contract/notifications';

/**
 * What happened, said once by the feature that did it. Listeners (real-time frames, notifications)
 * subscribe here, so features never call each other to announce things.
 */
export interface DomainEventMap {
  'match.created': { matchId: string; userIds: [string, string]; createdAt: string };
  /** A like (or super like) that did not make a match: the liked member's bell count changes. */
  'like.created': { userId: string; targetUserId: string; superLike: boolean };
  'match.dissolved': { matchId: string; userIds: [string, string] };
  'user.blocked': { blockerId: string; blockedUserId: string };
  'session.ended': { userId: string; tokenHash: string };
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
   * Her Tea activity, for her badges. Only her id: never the story, so no listener can tie a story
   * to its author. Server-side only: no socket frame, notice or log line is made from these.
   */
  'tea.story_posted': { userId: string };
  'tea.story_supported': { userId: string };
  'tea.review_posted': { userId: string };
  /** She earned a badge (stored once; the badges feature announces it exactly once). */
  'badge.earned': { userId: string; badge: UserBadge };
  /** A notice was stored for `userId` (the notifications feature); the real-time layer pushes it. */
  'notice.created': { userId: string; notice: Notice };
}

export type DomainEventName = keyof DomainEventMap;

export interface DomainEvents {
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void;
  on<K extends DomainEventName>(name: K, listener: (payload: DomainEventMap[K]) => void): () => void;
}

export function createDomainEvents(onListenerError: (error: unknown, name: string) => void): DomainEvents {
  const emitter = new EventEmitter();
  return {
    emit(name, payload) {
      emitter.emit(name, payload);
    },
    on(name, listener) {
      // A failing listener must not fail the request that emitted the event.
      const safe = (payload: DomainEventMap[typeof name]) => {
        try {
          listener(payload);
        } catch (error) {
          onListenerError(error, name);
        }
      };
      emitter.on(name, safe);
      return () => emitter.off(name, safe);
    },
  };
}

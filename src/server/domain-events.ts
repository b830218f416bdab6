import { EventEmitter } from 'node:events';
import type { Message } from '../contract/chat';

/**
 * What happened, said once by the feature that did it. Listeners (real-time frames, notifications)
 * subscribe here, so features never call each other to announce things.
 */
export interface DomainEventMap {
  'match.created': { matchId: string; userIds: [string, string]; createdAt: string };
  'match.dissolved': { matchId: string; userIds: [string, string] };
  'user.blocked': { blockerId: string; blockedUserId: string };
  'session.ended': { userId: string; tokenHash: string };
  /** Stored (never before): the message as both members see it. */
  'message.created': { message: Message; recipientId: string };
  /** The recipient read a message for the first time. */
  'message.read': { messageId: string; matchId: string; senderId: string; readerId: string; readAt: string };
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

import WebSocket from 'ws';
import { WS_CLOSE, type ServerFramePayload, type ServerFrameType } from '../../contract/realtime';
import type { RealtimeBus } from './bus';

/** A socket whose unsent data grows past this is a consumer that cannot keep up: it is dropped. */
export const SLOW_CONSUMER_BYTES = 1024 * 1024;

/** One open, authenticated socket. */
export interface Connection {
  socket: WebSocket;
  userId: string;
  /** The session it was opened with, so a logout can close exactly its sockets. */
  tokenHash: string;
}

interface HubEvents {
  /** This instance now holds a socket of a user it held none of. */
  firstLocalSocket(userId: string): void;
  /** This instance closed the last socket of a user. */
  lastLocalSocket(userId: string): void;
  /** Two users can no longer talk (block, dissolved match). */
  pairRevoked(userIds: [string, string]): void;
}

export function serialise<K extends ServerFrameType>(type: K, payload: ServerFramePayload<K>): string {
  return JSON.stringify({ type, ...payload });
}

/** Writes to one socket, dropping it rather than buffering without bound. */
export function sendRaw(socket: WebSocket, data: string): void {
  if (socket.readyState !== WebSocket.OPEN) return;
  if (socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
    socket.terminate();
    return;
  }
  socket.send(data);
}

/**
 * The sockets this instance holds, by user, and delivery to them. Everything addressed to users
 * goes through the bus, so it reaches their sockets on whichever instance holds them.
 */
export class Hub {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    private readonly bus: RealtimeBus,
    private readonly events: HubEvents,
  ) {
    this.unsubscribe.push(
      bus.subscribe((message) => {
        switch (message.kind) {
          case 'frame':
            this.deliverLocal(message.userIds, message.data);
            break;
          case 'end-session':
            this.closeLocal(
              (c) => c.tokenHash === message.tokenHash,
              WS_CLOSE.policyViolation,
              message.reason ?? 'Session ended',
            );
            break;
          case 'end-user':
            this.closeLocal((c) => c.userId === message.userId, WS_CLOSE.policyViolation, message.reason);
            break;
          case 'revoke-pair':
            events.pairRevoked(message.userIds);
            break;
        }
      }),
      // Frames from other instances were lost: make clients reconnect, and refetch what they missed.
      bus.onGap(() => this.closeLocal(() => true, WS_CLOSE.serviceRestart, 'Reconnect to resync')),
    );
  }

  /** Typed from the contract: the frame type decides the payload. */
  emitToUser<K extends ServerFrameType>(
    userIds: string | readonly string[],
    type: K,
    payload: ServerFramePayload<K>,
  ): void {
    const ids = typeof userIds === 'string' ? [userIds] : [...userIds];
    if (ids.length === 0) return;
    this.bus.publish({ kind: 'frame', userIds: ids, data: serialise(type, payload) });
  }

  /** Closes the sockets of a deleted session, wherever they are. */
  endSession(tokenHash: string, reason?: string): void {
    this.bus.publish({ kind: 'end-session', tokenHash, ...(reason ? { reason } : {}) });
  }

  /** Closes every socket of a user, wherever they are (her sessions were all deleted). */
  endUser(userId: string, reason: string): void {
    this.bus.publish({ kind: 'end-user', userId, reason });
  }

  revokePair(userIds: [string, string]): void {
    this.bus.publish({ kind: 'revoke-pair', userIds });
  }

  add(connection: Connection): void {
    const set = this.byUser.get(connection.userId);
    if (set) {
      set.add(connection);
      return;
    }
    this.byUser.set(connection.userId, new Set([connection]));
    this.events.firstLocalSocket(connection.userId);
  }

  remove(connection: Connection): void {
    const set = this.byUser.get(connection.userId);
    if (!set?.delete(connection)) return;
    if (set.size > 0) return;
    this.byUser.delete(connection.userId);
    this.events.lastLocalSocket(connection.userId);
  }

  localUserIds(): string[] {
    return [...this.byUser.keys()];
  }

  connectionCount(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private deliverLocal(userIds: readonly string[], data: string): void {
    for (const userId of userIds) {
      const set = this.byUser.get(userId);
      if (set) for (const connection of set) sendRaw(connection.socket, data);
    }
  }

  closeLocal(which: (connection: Connection) => boolean, code: number, reason: string): void {
    for (const set of this.byUser.values()) {
      for (const connection of set) if (which(connection)) connection.socket.close(code, reason);
    }
  }

  close(): void {
    for (const stop of this.unsubscribe) stop();
    this.closeLocal(() => true, WS_CLOSE.goingAway, 'Server shutting down');
  }
}

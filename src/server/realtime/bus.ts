/**
 * How instances tell each other what to deliver. Every instance subscribes and acts only on the
 * sockets it holds, so a publisher never needs to know where a user is connected.
 */
export type BusMessage =
  /** Send `data` (a serialised server frame) to every socket of these users. */
  | { kind: 'frame'; userIds: string[]; data: string }
  /** A session was deleted (logout, a password change): close its sockets, telling them `reason`. */
  | { kind: 'end-session'; tokenHash: string; reason?: string }
  /** Every session of the user ended at once (suspension): close all her sockets. */
  | { kind: 'end-user'; userId: string; reason: string }
  /** The pair can no longer talk (block, dissolved match): forget what was cached about them. */
  | { kind: 'revoke-pair'; userIds: [string, string] }
  /** Rows were written: forget these keys of the named row cache (db/caches.ts). */
  | { kind: 'evict'; cache: string; keys: string[] };

export interface RealtimeBus {
  /** Delivers to this instance's subscribers at once and to other instances' as soon as the broker can. */
  publish(message: BusMessage): void;
  subscribe(listener: (message: BusMessage) => void): () => void;
  /**
   * Called when messages from other instances may have been lost (the broker connection dropped and
   * came back): sockets should reconnect and refetch.
   */
  onGap(listener: () => void): () => void;
  /** Whether messages from other instances are reaching this one now (always, in one process). */
  connected(): boolean;
  /**
   * Settles once everything published so far has reached the broker, which has then handed it to every
   * subscribed instance; or once the broker refused it (down: nothing to wait for).
   */
  delivered(): Promise<void>;
  close(): Promise<void>;
}

/** Fans a message out to listeners; one failing listener does not stop the others. */
export class Listeners<T extends unknown[]> {
  private readonly set = new Set<(...args: T) => void>();

  constructor(private readonly onError: (error: unknown) => void) {}

  add(listener: (...args: T) => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  call(...args: T): void {
    for (const listener of this.set) {
      try {
        listener(...args);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}

/** One process: publishing is a function call. */
export function createLocalBus(onError: (error: unknown) => void = () => {}): RealtimeBus {
  const listeners = new Listeners<[BusMessage]>(onError);
  return {
    publish: (message) => listeners.call(message),
    subscribe: (listener) => listeners.add(listener),
    onGap: () => () => {},
    connected: () => true,
    delivered: () => Promise.resolve(),
    close: async () => {},
  };
}

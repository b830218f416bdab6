import type { Message } from '../../../contract/chat';
import type {
  ClientFrame,
  ClientFrameType,
  ParsedFrame,
  ServerFrame,
  ServerFrameType,
} from '../../../contract/realtime';
import { t } from '@lingui/core/macro';
import { RECONNECT, WS_CLOSE, WS_PATH } from '../../../contract/realtime-protocol';

/**
 * The browser side of the real-time protocol (product §4 "Real-time connection"), free of React so it
 * can be tested with a fake socket. One client lives as long as the app; `connect(userId)` and
 * `disconnect()` follow the session.
 */

/** `connecting` covers the socket opening and the `auth` round trip; only `connected` can send. */
type RealtimeStatus = 'idle' | 'connecting' | 'connected' | 'disconnected';

export interface RealtimeSnapshot {
  status: RealtimeStatus;
  /**
   * Product §8, in her language: 'Connection failed', 'Failed to connect', or the server's error frame text
   * ('Unknown error' when blank). A failed send's SocketSendError stays in English: it is never shown (HTTP takes over).
   */
  error: string | null;
  /** True when no retry is coming (retries used up, or the server closed with 1000); `retryNow()` starts afresh. */
  gaveUp: boolean;
  /** The device has no network (`goOffline`, or none when a connection was due): nothing is tried until `retryNow()`, which the `online` event calls. */
  offline: boolean;
}

/** The part of the browser WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
}

interface RealtimeClientOptions {
  url: string;
  /**
   * Reads a raw frame: `parseServerFrame` from the contract. Passed in so the schemas (and zod) are not
   * part of the client's own code; the provider loads them before connecting.
   */
  parseFrame: (data: string) => ParsedFrame<ServerFrame>;
  createSocket?: (url: string) => SocketLike;
  /** Called for every valid frame before screen handlers (the cache rules live here). */
  onFrame?: (frame: ServerFrame) => void;
  /** How long a socket send waits for the server's echo before the caller falls back to HTTP. */
  ackTimeoutMs?: number;
  /** Whether the device has a network (the browser's `navigator.onLine`); tests pass their own. */
  isOnline?: () => boolean;
}

type FrameHandler<K extends ServerFrameType> = (frame: ServerFrame<K>) => void;
type AnyFrameHandler = (frame: ServerFrame) => void;
/** A client frame as a screen writes it: `userId` is added by the client (product §7). */
type OutgoingFrame = { [K in Exclude<ClientFrameType, 'auth'>]: Omit<ClientFrame<K>, 'userId'> }[Exclude<
  ClientFrameType,
  'auth'
>];

const OPEN = 1;
const DEFAULT_ACK_TIMEOUT_MS = 8_000;

/** Product §9: the nth retry (0-based) waits 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(RECONNECT.baseDelayMs * 2 ** attempt, RECONNECT.maxDelayMs);
}

/** ws: or wss: on the page's own host. */
export function socketUrlFor(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${WS_PATH}`;
}

/** Why a socket send did not end with the server's echo (the caller may retry over HTTP). */
class SocketSendError extends Error {
  override readonly name = 'SocketSendError';
  constructor(
    message: string,
    /** The server's error code when it refused the frame; undefined when the socket just went away. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export class RealtimeClient {
  private readonly url: string;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly parseFrame: (data: string) => ParsedFrame<ServerFrame>;
  private readonly onFrame: ((frame: ServerFrame) => void) | undefined;
  /**
   * Called when the server closes with 1008 (the session ended: a logout in another tab, or a
   * suspension): the app re-checks the session and signs out when it is gone.
   */
  private onSessionClosed: ((reason: string) => void) | undefined;

  /** Sets (or clears, with undefined) the handler for a server-ended session; returns nothing. */
  setSessionClosedHandler(handler: ((reason: string) => void) | undefined): void {
    this.onSessionClosed = handler;
  }
  private readonly ackTimeoutMs: number;
  private readonly isOnline: () => boolean;

  private socket: SocketLike | null = null;
  private userId: string | null = null;
  /** Retries spent since the last good connection. */
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private snapshot: RealtimeSnapshot = { status: 'idle', error: null, gaveUp: false, offline: false };
  private readonly listeners = new Set<() => void>();
  private readonly handlers = new Map<ServerFrameType, Set<AnyFrameHandler>>();

  constructor(options: RealtimeClientOptions) {
    this.url = options.url;
    this.parseFrame = options.parseFrame;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.onFrame = options.onFrame;
    this.ackTimeoutMs = options.ackTimeoutMs ?? DEFAULT_ACK_TIMEOUT_MS;
    this.isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  }

  /** Opens the socket for this user (closing one for anybody else first). */
  connect(userId: string): void {
    if (this.userId === userId && this.socket) return;
    if (this.userId !== null) this.disconnect();
    this.userId = userId;
    this.attempts = 0;
    this.open();
  }

  /** Intentional close: code 1000, never retried (product §4). */
  disconnect(): void {
    this.userId = null;
    this.closeSocket('Client closed');
    this.update({ status: 'idle', error: null, gaveUp: false, offline: false });
  }

  /**
   * The device lost its network (the browser's `offline` event): a socket can look open for minutes after, so it
   * is closed now, and no retry is spent while there is no network.
   */
  goOffline(): void {
    if (this.userId === null) return;
    this.closeSocket('Offline');
    this.markOffline();
  }

  private markOffline(): void {
    this.update({ status: 'disconnected', error: t`You're offline`, gaveUp: false, offline: true });
  }

  /** After the retries ran out (or while waiting for the next one): try again at once. */
  retryNow(): void {
    if (this.userId === null || this.socket) return;
    this.clearRetry();
    this.attempts = 0;
    this.open();
  }

  /** Sends a frame when connected; false otherwise (the caller decides on a fallback). */
  send(frame: OutgoingFrame): boolean {
    const socket = this.socket;
    if (!socket || this.snapshot.status !== 'connected' || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify({ ...frame, userId: this.userId }));
    return true;
  }

  /**
   * Sends a chat message and resolves with the stored message once the server echoes it back
   * (the echo is the acknowledgement). Rejects with SocketSendError when the server refuses it,
   * the socket drops or no echo comes in time: the same clientMessageId can then go over HTTP.
   */
  sendMessage(
    frame:
      | { matchId: string; content: string; clientMessageId: string }
      | { matchId: string; messageType: 'image' | 'voice'; mediaId: string; clientMessageId: string },
  ): Promise<Message> {
    return new Promise<Message>((resolve, reject) => {
      const cleanups: Array<() => void> = [];
      const finish = (settle: () => void) => {
        for (const cleanup of cleanups) cleanup();
        settle();
      };
      cleanups.push(
        this.on('message', (incoming) => {
          if (incoming.message.clientMessageId === frame.clientMessageId) finish(() => resolve(incoming.message));
        }),
        this.on('error', (incoming) => {
          if (incoming.clientMessageId === frame.clientMessageId) {
            finish(() => reject(new SocketSendError(incoming.message || 'Unknown error', incoming.code)));
          }
        }),
        this.subscribe(() => {
          if (this.snapshot.status !== 'connected') finish(() => reject(new SocketSendError('Connection lost')));
        }),
      );
      const timer = setTimeout(
        () => finish(() => reject(new SocketSendError('No acknowledgement'))),
        this.ackTimeoutMs,
      );
      cleanups.push(() => clearTimeout(timer));
      if (!this.send({ type: 'message', ...frame })) finish(() => reject(new SocketSendError('Not connected')));
    });
  }

  /** Registers a handler for one incoming frame type; returns its removal. */
  on<K extends ServerFrameType>(type: K, handler: FrameHandler<K>): () => void {
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
    }
    const entry = handler as AnyFrameHandler;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = (): RealtimeSnapshot => this.snapshot;

  private open(): void {
    const userId = this.userId;
    if (userId === null) return;
    // Opened (or a retry due) with no network: she is told so, and the `online` event tries again.
    if (!this.isOnline()) {
      this.markOffline();
      return;
    }
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url);
    } catch (error) {
      console.warn('Real-time socket could not be created.', error);
      this.update({ status: 'disconnected', error: t`Failed to connect`, offline: false });
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.update({ status: 'connecting', gaveUp: false, offline: false });

    socket.onopen = () => {
      socket.send(JSON.stringify({ type: 'auth', userId }));
    };
    socket.onmessage = (event) => {
      if (typeof event.data === 'string') this.receive(event.data);
    };
    socket.onerror = () => {
      this.update({ error: t`Connection failed` });
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.update({ status: 'disconnected' });
      // 1000 is a deliberate close (product §4): no retry, so the screen offers a manual reconnect.
      // 4008: pushed out by her newer tabs; reconnecting would only push out the next one.
      if (event.code === WS_CLOSE.normal || event.code === WS_CLOSE.tooManyConnections) this.update({ gaveUp: true });
      else this.scheduleRetry();
      if (event.code === WS_CLOSE.policyViolation) this.onSessionClosed?.(event.reason ?? '');
    };
  }

  private receive(data: string): void {
    const parsed = this.parseFrame(data);
    if (!parsed.ok) {
      console.warn('Ignoring an unreadable real-time frame:', parsed.message);
      return;
    }
    const frame = parsed.frame;
    if (frame.type === 'connected') {
      console.info('Real-time connection ready.');
      this.attempts = 0;
      this.update({ status: 'connected', error: null, gaveUp: false });
    } else if (frame.type === 'error' && frame.clientMessageId === undefined) {
      // A refused send is its sender's business (sendMessage rejects); anything else is the connection's.
      this.update({ error: frame.message || t`Unknown error` });
    }
    this.onFrame?.(frame);
    const handlers = this.handlers.get(frame.type);
    if (!handlers) return;
    for (const handler of [...handlers]) {
      try {
        handler(frame);
      } catch (error) {
        console.error(`A real-time "${frame.type}" handler failed.`, error);
      }
    }
  }

  private scheduleRetry(): void {
    if (this.userId === null) return;
    if (this.attempts >= RECONNECT.maxAttempts) {
      this.update({ gaveUp: true });
      return;
    }
    const delay = reconnectDelayMs(this.attempts);
    this.attempts += 1;
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, delay);
  }

  /** Closes the socket on purpose (1000, no retry pending): its close event is not heard, so nothing is retried. */
  private closeSocket(reason: string): void {
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    this.detach(socket);
    socket.close(WS_CLOSE.normal, reason);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
  }

  private update(patch: Partial<RealtimeSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    if (
      next.status === this.snapshot.status &&
      next.error === this.snapshot.error &&
      next.gaveUp === this.snapshot.gaveUp &&
      next.offline === this.snapshot.offline
    ) {
      return;
    }
    this.snapshot = next;
    for (const listener of [...this.listeners]) listener();
  }
}

/** The real-time protocol's constants, without schemas: the web loads these with its first screen (zod comes later). */

export const WS_PATH = '/ws';
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;
/** Incoming frames per socket: a token bucket refilled at `perSecond`, holding at most `burst`. */
export const FRAME_RATE = { perSecond: 20, burst: 40 } as const;
/** A socket that has not sent a valid `auth` within this time is closed with 1008. */
export const AUTH_TIMEOUT_MS = 10_000;

/** Product §9: at most 5 reconnect attempts, the delay doubling from 1 s, capped at 30 s. */
export const RECONNECT = { maxAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 30_000 } as const;
/** Product §9: stop_typing after 2 s without typing. */
export const TYPING_STOP_AFTER_MS = 2_000;

/** Close codes the server uses. Only 1000 means "do not reconnect" (product §4). */
/** The close reason a suspended member's sockets get (with policyViolation): the client signs out. */
export const ACCOUNT_SUSPENDED_REASON = 'Account suspended';
/** The close reason of her other devices' sockets when her password was changed or reset: they say why she is signed out. */
export const PASSWORD_CHANGED_REASON = 'Password changed';

export const WS_CLOSE = {
  normal: 1000,
  /** The server is shutting down; reconnect (another instance will answer). */
  goingAway: 1001,
  /** Bad auth frame, session ended (logout, suspension), auth timeout, or persistent flooding. */
  policyViolation: 1008,
  /** A frame over WS_MAX_PAYLOAD_BYTES. */
  messageTooBig: 1009,
  /**
   * The server lost frames it should have delivered (e.g. a broker outage) or is restarting
   * (SIGTERM drain): reconnect — another instance will answer — and refetch.
   */
  serviceRestart: 1012,
  /**
   * She opened more than the per-user socket cap: her oldest socket is closed with this. The client
   * does not reconnect on its own (it would only push out her next-oldest tab).
   */
  tooManyConnections: 4008,
} as const;

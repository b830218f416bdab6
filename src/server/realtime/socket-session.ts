import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import {
  FRAME_RATE,
  parseClientFrame,
  WS_CLOSE,
  type ClientFrame,
  type ClientFrameType,
} from '../../contract/realtime';
import { markMessageRead, sendMessage, type ChatDeps } from '../features/chat';
import { AppError, classifyDatabaseError } from '../http/errors';
import type { UserRateLimiter } from '../http/rate-limit';
import { serialise, sendRaw, type Connection, type Hub } from './hub';
import type { MembershipCache } from './membership';
import { TokenBucket } from './token-bucket';
import { localText } from '../i18n';

/** A client flooding past the rate limit may be dropped this many frames (refilled at 1/s) before it is closed. */
const ABUSE_ALLOWANCE = 100;
/** A repeated typing signal is passed on again only after this long (one per keystroke would be noise). */
const TYPING_REPEAT_MS = 3_000;

/** What every socket of an instance shares. */
export interface SocketContext {
  hub: Hub;
  chat: ChatDeps;
  membership: MembershipCache;
  log: FastifyBaseLogger;
  limiter: UserRateLimiter;
  authTimeoutMs: number;
  /** Re-checked at `auth`: a logout between the upgrade and the auth frame must not leave a socket behind. */
  sessionStillValid: (token: string, tokenHash: string) => Promise<boolean>;
}

type FrameHandler<K extends ClientFrameType> = (session: SocketSession, frame: ClientFrame<K>) => Promise<void>;

/** One handler per frame type, shared by all sockets (nothing allocated per connection). */
const handlers: { [K in Exclude<ClientFrameType, 'auth'>]: FrameHandler<K> } = {
  async message(session, frame) {
    // The same per-user budget as POST /api/messages: one budget, whichever transport.
    await session.context.limiter.take(session.userId, 'messages');
    const { message, created } = await sendMessage(session.context.chat, session.userId, {
      matchId: frame.matchId,
      content: frame.content,
      messageType: frame.messageType ?? 'text',
      mediaId: frame.mediaId,
      clientMessageId: frame.clientMessageId,
    });
    // A retry of a stored message creates no event, but this socket still needs its acknowledgement.
    if (!created) {
      session.send(
        serialise('message', { matchId: message.matchId, senderId: session.userId, messageId: message.id, message }),
      );
    }
  },
  async typing(session, frame) {
    const current = session.typingIn?.get(frame.matchId);
    if (current && Date.now() - current.at < TYPING_REPEAT_MS) return;
    const partnerId = await session.context.membership.partnerIn(session.userId, frame.matchId);
    if (!partnerId) throw new AppError(404, 'NOT_FOUND', localText('conversationNotFound'));
    session.typingIn ??= new Map();
    session.typingIn.set(frame.matchId, { partnerId, at: Date.now() });
    session.context.hub.emitToUser(partnerId, 'typing', { matchId: frame.matchId, userId: session.userId });
  },
  async stop_typing(session, frame) {
    if (!session.typingIn?.delete(frame.matchId)) return;
    // Re-checked: a block since the typing signal ends the conversation for typing signals too.
    const partnerId = await session.context.membership.partnerIn(session.userId, frame.matchId);
    if (partnerId)
      session.context.hub.emitToUser(partnerId, 'stop_typing', { matchId: frame.matchId, userId: session.userId });
  },
  async read_receipt(session, frame) {
    await markMessageRead(session.context.chat, session.userId, frame.messageId);
  },
};

/**
 * One socket's side of the protocol (src/contract/realtime.ts): auth first, then frames handled one
 * at a time in arrival order, each through the same services as the HTTP API. A class, not
 * closures: thousands of idle sockets should cost little each.
 */
export class SocketSession implements Connection {
  private authenticated = false;
  private closed = false;
  private readonly rate = new TokenBucket(FRAME_RATE.perSecond, FRAME_RATE.burst);
  private abuse: TokenBucket | undefined;
  private lastRateErrorAt = 0;
  private authTimer: NodeJS.Timeout | undefined;
  private queue: Promise<void> = Promise.resolve();
  /** Matches she is typing in, with the partner told, so a closing socket can end the indicator. */
  typingIn: Map<string, { partnerId: string; at: number }> | undefined;

  constructor(
    readonly socket: WebSocket,
    readonly userId: string,
    readonly tokenHash: string,
    private readonly token: string,
    readonly context: SocketContext,
  ) {
    this.authTimer = setTimeout(() => this.onAuthTimeout(), context.authTimeoutMs);
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.on('close', () => this.onClose());
  }

  send(data: string): void {
    sendRaw(this.socket, data);
  }

  private sendError(message: string, code: string, clientMessageId?: string): void {
    this.send(serialise('error', { message, code, ...(clientMessageId ? { clientMessageId } : {}) }));
  }

  private refuse(message: string, code: string): void {
    this.sendError(message, code);
    this.socket.close(WS_CLOSE.policyViolation, message.slice(0, 120));
  }

  private onAuthTimeout(): void {
    this.authTimer = undefined;
    if (!this.authenticated) this.refuse('No auth frame received', 'UNAUTHENTICATED');
  }

  private onFrame(data: WebSocket.RawData, isBinary: boolean): void {
    if (this.closed) return;
    if (!this.rate.take()) {
      this.abuse ??= new TokenBucket(1, ABUSE_ALLOWANCE);
      if (!this.abuse.take()) return this.socket.close(WS_CLOSE.policyViolation, 'Too many frames');
      const now = Date.now();
      if (now - this.lastRateErrorAt > 1000) {
        this.lastRateErrorAt = now;
        this.sendError('Too many frames; slow down', 'RATE_LIMITED');
      }
      return;
    }
    if (isBinary) {
      if (!this.authenticated) return this.refuse('Frames must be JSON text', 'INVALID_FRAME');
      return this.sendError('Frames must be JSON text', 'INVALID_FRAME');
    }
    const parsed = parseClientFrame(rawText(data));
    if (!parsed.ok) {
      if (!this.authenticated) return this.refuse(parsed.message, parsed.code);
      return this.sendError(parsed.message, parsed.code);
    }
    // One frame at a time: two messages from one socket are stored in the order they were sent.
    this.queue = this.queue
      .then(() => this.handle(parsed.frame))
      .catch((error: unknown) => this.context.log.error({ err: error }, 'realtime: frame failed'));
  }

  private async handle(frame: ClientFrame): Promise<void> {
    if (!this.authenticated) return this.authenticate(frame);
    if (frame.type === 'auth') {
      if (frame.userId !== this.userId) return this.refuse('auth userId does not match your session', 'FORBIDDEN');
      return this.send(serialise('connected', { userId: this.userId }));
    }
    const clientMessageId = frame.type === 'message' ? frame.clientMessageId : undefined;
    if (frame.userId !== undefined && frame.userId !== this.userId) {
      return this.sendError('You can only act as yourself', 'FORBIDDEN', clientMessageId);
    }
    try {
      await (handlers[frame.type] as FrameHandler<typeof frame.type>)(this, frame);
    } catch (thrown) {
      const error = classifyDatabaseError(thrown) ?? thrown;
      if (error instanceof AppError) return this.sendError(error.message, error.code, clientMessageId);
      this.context.log.error({ err: error, frameType: frame.type }, 'realtime: frame handler failed');
      this.sendError('Something went wrong on our side. Please try again.', 'INTERNAL', clientMessageId);
    }
  }

  private async authenticate(frame: ClientFrame): Promise<void> {
    if (frame.type !== 'auth') return this.refuse('The first frame must be auth', 'UNAUTHENTICATED');
    if (frame.userId !== this.userId) return this.refuse('auth userId does not match your session', 'FORBIDDEN');
    let valid: boolean;
    try {
      valid = await this.context.sessionStillValid(this.token, this.tokenHash);
    } catch (error) {
      const mapped = classifyDatabaseError(error);
      if (!mapped) throw error;
      // Not her fault: tell her why, then let the client reconnect with its backoff.
      this.sendError(mapped.message, mapped.code);
      return this.socket.close(WS_CLOSE.serviceRestart, 'Database unavailable');
    }
    if (!valid) return this.refuse('Session ended', 'UNAUTHENTICATED');
    if (this.closed) return;
    this.authenticated = true;
    clearTimeout(this.authTimer);
    this.authTimer = undefined;
    this.context.hub.add(this);
    this.send(serialise('connected', { userId: this.userId }));
  }

  private onClose(): void {
    this.closed = true;
    clearTimeout(this.authTimer);
    this.authTimer = undefined;
    if (!this.authenticated) return;
    this.context.hub.remove(this);
    for (const [matchId, { partnerId }] of this.typingIn ?? []) {
      this.context.hub.emitToUser(partnerId, 'stop_typing', { matchId, userId: this.userId });
    }
    this.typingIn = undefined;
  }
}

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

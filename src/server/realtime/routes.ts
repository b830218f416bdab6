import websocket from '@fastify/websocket';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import WebSocket from 'ws';
import {
  ACCOUNT_SUSPENDED_REASON,
  AUTH_TIMEOUT_MS,
  WS_CLOSE,
  WS_MAX_PAYLOAD_BYTES,
  WS_PATH,
} from '../../contract/realtime';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DomainEvents } from '../domain-events';
import { findUser, touchLastActive } from '../core';
import { forgetConversationsBetween, type ChatDeps } from '../features/chat';
import { matchPartnerIds } from '../features/matches';
import { photoUrlsOf } from '../features/profiles';
import { privacyFor, sharingPresence } from '../features/preferences';
import { AppError, forbidden, unavailable } from '../http/errors';
import type { Lifecycle } from '../http/lifecycle';
import { resolveSession, SESSION_COOKIE, unauthenticated } from '../core';
import { isAllowedOrigin, sessionFromRequest } from '../http/guards';
import type { RealtimeBackend } from './backend';
import { Hub } from './hub';
import { MembershipCache } from './membership';
import { SocketSession, type SocketContext } from './socket-session';

export interface RealtimeDeps {
  db: Db;
  config: Config;
  events: DomainEvents;
  backend: RealtimeBackend;
  lifecycle: Lifecycle;
}

/** Dead peers (no pong within one interval) are terminated: a half-open TCP connection would otherwise live for hours. */
const PING_INTERVAL_MS = 30_000;
/** Keeps users.last_active_at fresh for people who only chat (the lastActive-window fallback of isOnline). */
const LAST_ACTIVE_INTERVAL_MS = 2 * 60_000;
/** Peers that do not answer a close in this time are cut off at shutdown. */
const SHUTDOWN_GRACE_MS = 2_000;

/**
 * The socket at /ws and the translation of domain events into frames. Upgrade is refused (401/403)
 * before any socket exists; the protocol is `src/contract/realtime.ts`.
 */
export async function realtimeRoutes(app: FastifyInstance, deps: RealtimeDeps): Promise<void> {
  const { db, events, backend } = deps;
  const chat: ChatDeps = { db, events };
  const membership = new MembershipCache(db);

  // Presence changes of one user are applied in order, so a quick reconnect cannot finish "offline".
  const presenceQueue = new Map<string, Promise<void>>();
  let shuttingDown = false;
  const presenceChanged = (userId: string, online: boolean) => {
    // A restart is not everyone leaving: they reconnect to another instance in a moment, and
    // closing the presence store releases this instance's leases in one go.
    if (shuttingDown) return;
    const previous = presenceQueue.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const everywhere = online ? await backend.presence.join(userId) : await backend.presence.leave(userId);
        if (!everywhere) return;
        const at = new Date();
        // A deleted account's sockets close after her row is gone: nothing to record.
        const user = await findUser(db, userId);
        if (!user) return;
        await touchLastActive(db, userId, at);
        // Ghost mode hides her presence from her matches here as it does in every API answer.
        if (user.ghostMode) return;
        // So does hiding her online status; and whoever hides theirs hears no one's (reciprocal).
        const [sharing, ...partners] = await sharingPresence(db, [userId, ...(await matchPartnerIds(db, userId))]);
        if (sharing !== userId || partners.length === 0) return;
        const lastActive = (await privacyFor(db, userId)).showLastActive ? at.toISOString() : null;
        hub.emitToUser(partners, 'online_status', { userId, isOnline: online, lastActive });
      })
      .catch((error: unknown) => app.log.error({ err: error, userId }, 'realtime: presence update failed'))
      .finally(() => {
        if (presenceQueue.get(userId) === next) presenceQueue.delete(userId);
      });
    presenceQueue.set(userId, next);
  };

  const hub = new Hub(backend.bus, {
    firstLocalSocket: (userId) => presenceChanged(userId, true),
    lastLocalSocket: (userId) => presenceChanged(userId, false),
    pairRevoked: (pair) => {
      membership.forgetPair(pair);
      forgetConversationsBetween(db, pair);
    },
  });

  const offs = [
    events.on('message.created', ({ message, recipientId }) =>
      hub.emitToUser([message.senderId, recipientId], 'message', {
        matchId: message.matchId,
        senderId: message.senderId,
        messageId: message.id,
        message,
      }),
    ),
    events.on('message.read', ({ messageId, matchId, senderId, readAt }) =>
      hub.emitToUser(senderId, 'read_receipt', { messageId, matchId, readAt }),
    ),
    events.on('notice.created', ({ userId, notice }) => hub.emitToUser(userId, 'notice', { notice })),
    events.on('badge.earned', ({ userId, badge }) => hub.emitToUser(userId, 'badge_earned', { badge })),
    events.on('session.ended', ({ tokenHash }) => hub.endSession(tokenHash)),
    events.on('like.created', ({ targetUserId, superLike }) =>
      hub.emitToUser(targetUserId, 'like_received', { superLike }),
    ),
    events.on('match.created', ({ matchId, userIds }) => {
      // Each member hears about the other: the celebration shows on both phones.
      void (async () => {
        const [a, b] = await Promise.all(userIds.map((id) => findUser(db, id)));
        if (!a || !b) return;
        const photos = await photoUrlsOf(db, [a.id, b.id]);
        for (const [me, other] of [
          [a, b],
          [b, a],
        ] as const) {
          hub.emitToUser(me.id, 'match', {
            matchId,
            otherUserId: other.id,
            otherName: other.name,
            otherPhoto: photos.get(other.id)?.[0] ?? null,
          });
        }
      })().catch((error: unknown) => app.log.error({ err: error, matchId }, 'realtime: match frame failed'));
    }),
    events.on('user.blocked', ({ blockerId, blockedUserId }) => hub.revokePair([blockerId, blockedUserId])),
    events.on('match.dissolved', ({ userIds }) => hub.revokePair(userIds)),
    events.on('match.unmatched', ({ matchId, userIds }) => {
      hub.revokePair(userIds);
      hub.emitToUser(userIds, 'match_ended', { matchId });
    }),
    events.on('account.suspended', ({ userId }) => hub.endUser(userId, ACCOUNT_SUSPENDED_REASON)),
  ];

  const alive = new WeakSet<WebSocket>();
  const caps = new SocketCaps(deps.config);
  deps.lifecycle.onDrain(() => {
    // Draining: every socket is told to reconnect elsewhere; new upgrades are refused below.
    for (const client of app.websocketServer.clients) client.close(WS_CLOSE.serviceRestart, 'Server restarting');
  });
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD_BYTES },
    // Protocol errors (an oversized frame, a bad opcode) already make ws close with the right code;
    // cutting the socket here would lose that close frame.
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'realtime: socket error');
      if (socket.readyState === WebSocket.OPEN) socket.terminate();
    },
    preClose(done) {
      shuttingDown = true;
      hub.close();
      const wss = this.websocketServer;
      for (const client of wss.clients) client.close(WS_CLOSE.goingAway, 'Server shutting down');
      const cutoff = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
      }, SHUTDOWN_GRACE_MS);
      wss.close(() => {
        clearTimeout(cutoff);
        done();
      });
    },
  });

  const pinger = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();

  let touching = false;
  const toucher = setInterval(() => {
    if (touching) return;
    touching = true;
    void (async () => {
      for (const userId of hub.localUserIds()) await touchLastActive(db, userId);
    })()
      .catch((error: unknown) => app.log.warn({ err: error }, 'realtime: lastActive refresh failed'))
      .finally(() => (touching = false));
  }, LAST_ACTIVE_INTERVAL_MS);
  toucher.unref();

  // An upgrade request answered with plain HTTP (refused by a guard, not found) is over once the
  // answer is out: its raw socket belongs to no server any more and must be released here. A
  // successful upgrade is hijacked and never gets here.
  app.addHook('onResponse', async (request) => {
    if (request.raw.headers.upgrade !== undefined) request.raw.socket.destroy();
  });

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    clearInterval(toucher);
    for (const off of offs) off();
    // The database closes after the app: let presence writes already under way finish first.
    while (presenceQueue.size > 0) await Promise.allSettled([...presenceQueue.values()]);
  });

  const context: SocketContext = {
    hub,
    chat,
    membership,
    log: app.log,
    limiter: app.userLimits,
    authTimeoutMs: AUTH_TIMEOUT_MS,
    sessionStillValid: async (token, tokenHash) => (await resolveSession(db, token))?.tokenHash === tokenHash,
  };
  function markAlive(this: WebSocket) {
    alive.add(this);
  }

  app.get(
    WS_PATH,
    {
      websocket: true,
      // Runs before the upgrade: a refused request gets a plain HTTP answer and no socket.
      onRequest: async (request: FastifyRequest) => {
        if (!isAllowedOrigin(request, deps.config)) throw forbidden('Cross-site socket refused');
        if (deps.lifecycle.draining) throw unavailable('This server is restarting. Reconnect in a moment.');
        caps.admit(request.ip, app.websocketServer.clients.size);
        const session = await sessionFromRequest(db, request);
        if (!session) throw unauthenticated();
        request.session = session;
      },
    },
    (socket, request) => {
      const session = request.session;
      const token = request.cookies[SESSION_COOKIE];
      if (!session || !token) {
        socket.close(WS_CLOSE.policyViolation, 'Not authenticated');
        return;
      }
      releaseUpgradeRequest(socket, request);
      caps.opened(socket, session.userId, request.ip);
      alive.add(socket);
      socket.on('pong', markAlive);
      new SocketSession(socket, session.userId, session.tokenHash, token, context);
    },
  );
}

/**
 * Sockets are cheap but not free (a file descriptor, buffers, a presence lease): one account held
 * 2 000. Per user, a new socket pushes out her oldest (close 4008) so a fresh tab always works; per
 * client address and per instance, new upgrades are refused once full.
 */
class SocketCaps {
  private readonly byUser = new Map<string, WebSocket[]>();
  private readonly byIp = new Map<string, number>();

  constructor(private readonly config: Pick<Config, 'SOCKETS_PER_USER' | 'SOCKETS_PER_IP' | 'SOCKETS_PER_INSTANCE'>) {}

  /** Before the upgrade: throws when the address or the instance is full. */
  admit(ip: string, open: number): void {
    if (open >= this.config.SOCKETS_PER_INSTANCE) throw unavailable('This server is full. Reconnect in a moment.');
    if ((this.byIp.get(ip) ?? 0) >= this.config.SOCKETS_PER_IP) {
      throw new AppError(429, 'RATE_LIMITED', 'Too many connections from your network', { retryAfterSeconds: 30 });
    }
  }

  opened(socket: WebSocket, userId: string, ip: string): void {
    const mine = this.byUser.get(userId) ?? [];
    mine.push(socket);
    this.byUser.set(userId, mine);
    this.byIp.set(ip, (this.byIp.get(ip) ?? 0) + 1);
    while (mine.length > this.config.SOCKETS_PER_USER) {
      const oldest = mine.shift();
      oldest?.close(WS_CLOSE.tooManyConnections, 'Too many connections: closed your oldest');
    }
    socket.once('close', () => {
      const list = this.byUser.get(userId);
      const index = list?.indexOf(socket) ?? -1;
      if (list && index >= 0) list.splice(index, 1);
      if (list?.length === 0) this.byUser.delete(userId);
      const count = (this.byIp.get(ip) ?? 1) - 1;
      if (count <= 0) this.byIp.delete(ip);
      else this.byIp.set(ip, count);
    });
  }
}

/**
 * Not encapsulated (Fastify's documented `skip-override`, what fastify-plugin sets): @fastify/websocket
 * must hook the root instance, or an upgrade request for any other path is answered but its socket
 * is never released.
 */
Object.assign(realtimeRoutes, { [Symbol.for('skip-override')]: true });

/**
 * A socket lives for hours; the HTTP request that opened it need not. @fastify/websocket leaves the
 * request reachable from the socket twice — its 'error' listener closes over request and reply, and
 * the upgrade's ServerResponse stays attached to the TCP socket — which would cost every idle
 * connection several KiB. Both links are cut here; socket errors (a peer vanishing) need no handling
 * beyond making sure the socket is gone.
 */
function releaseUpgradeRequest(socket: WebSocket, request: FastifyRequest): void {
  socket.removeAllListeners('error');
  socket.on('error', terminateOnError);
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}

function terminateOnError(this: WebSocket): void {
  if (this.readyState === WebSocket.OPEN) this.terminate();
}

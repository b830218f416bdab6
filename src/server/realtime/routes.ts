import websocket from '@fastify/websocket';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import WebSocket from 'ws';
import { AUTH_TIMEOUT_MS, WS_CLOSE, WS_MAX_PAYLOAD_BYTES, WS_PATH } from '../../contract/realtime';
import type { Config } from '../config';
import type { DbCaches } from '../db/caches';
import type { Db } from '../db/client';
import { touchLastActive } from '../core';
import type { ChatDeps } from '../features/chat';
import { accountSuspended, forbidden, unavailable } from '../http/errors';
import type { Lifecycle } from '../http/lifecycle';
import { resolveSession, sessionSuspendedUntil, SESSION_COOKIE, unauthenticated } from '../core';
import { isAllowedOrigin, sessionFromRequest } from '../http/guards';
import type { SocketHub } from './socket-hub';
import { SharedUserSocketCap, SocketCaps } from './socket-caps';
import { SocketSession, type SocketContext } from './socket-session';
import { localText } from '../i18n';

interface RealtimeDeps {
  db: Db;
  caches: DbCaches;
  config: Config;
  /** What a message sent over the socket is stored with: the same as POST /api/messages. */
  chat: ChatDeps;
  /** Shared with the realtime subscriptions (app.ts), which turn domain events into frames on it. */
  socketHub: SocketHub;
  lifecycle: Lifecycle;
  /** With Redis, SOCKETS_PER_USER counts her sockets on every instance together. */
  redis?: Redis;
}

/** Dead peers (no pong within one interval) are terminated: a half-open TCP connection would otherwise live for hours. */
const PING_INTERVAL_MS = 30_000;
/** Keeps users.last_active_at fresh for people who only chat (the lastActive-window fallback of isOnline). */
const LAST_ACTIVE_INTERVAL_MS = 2 * 60_000;
/** Peers that do not answer a close in this time are cut off at shutdown. */
const SHUTDOWN_GRACE_MS = 2_000;

/**
 * The socket at /ws: upgrade (refused with 401/403 before any socket exists), liveness, caps and
 * shutdown; each socket's protocol is `SocketSession` (src/contract/realtime.ts). What sockets hear
 * comes from the realtime subscriptions (`realtimeSubscriptions`); presence changes go through the `PresenceQueue`.
 */
export async function realtimeRoutes(app: FastifyInstance, deps: RealtimeDeps): Promise<void> {
  const { db, caches, chat } = deps;
  const { hub, presence, membership } = deps.socketHub;

  const alive = new WeakSet<WebSocket>();
  const caps = new SocketCaps(deps.config);
  const sharedUserCap = deps.redis ? new SharedUserSocketCap(deps.redis, deps.config.SOCKETS_PER_USER) : undefined;
  if (sharedUserCap) app.addHook('onClose', async () => sharedUserCap.close());
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
      presence.stop();
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
      for (const userId of hub.localUserIds()) await touchLastActive(db, caches, userId);
    })()
      .catch((error: unknown) => app.log.warn({ err: error }, 'realtime: lastActive refresh failed'))
      .finally(() => (touching = false));
  }, LAST_ACTIVE_INTERVAL_MS);
  toucher.unref();

  app.addHook('onClose', async () => {
    clearInterval(pinger);
    clearInterval(toucher);
    // The database closes after the app: let presence writes already under way finish first.
    await presence.drain();
  });

  const context: SocketContext = {
    hub,
    chat,
    membership,
    log: app.log,
    limiter: app.userLimits,
    authTimeoutMs: AUTH_TIMEOUT_MS,
    sessionStillValid: async (token, tokenHash) => (await resolveSession(db, caches, token))?.tokenHash === tokenHash,
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
        if (!isAllowedOrigin(request, deps.config)) throw forbidden(localText('crossSiteSocketRefused'));
        if (deps.lifecycle.draining) throw unavailable(localText('thisServerIsRestarting'));
        caps.admit(request.ip, app.websocketServer.clients.size);
        const session = await sessionFromRequest(db, caches, request);
        if (!session) throw unauthenticated();
        // The same rule as the HTTP guard: a session a racing login slipped past a suspension is refused.
        const until = await sessionSuspendedUntil(db, caches, session);
        if (until) throw accountSuspended(until);
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
      void sharedUserCap?.opened(socket, session.userId);
      alive.add(socket);
      socket.on('pong', markAlive);
      new SocketSession(socket, session.userId, session.tokenHash, token, context);
    },
  );
}

/**
 * An upgrade request answered with plain HTTP (refused by a guard, a route that is not /ws, not found) is
 * over once the answer is out: its raw socket belongs to no server any more and must be released. Installed
 * on the root instance, so it covers every path; `realtimeRoutes` stays encapsulated, which keeps
 * @fastify/websocket's own hooks and handler wrapper off every other route's requests. A successful upgrade
 * is hijacked and never gets here. A callback hook: no promise on every response.
 */
export function releaseAnsweredUpgrades(app: FastifyInstance): void {
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.raw.headers.upgrade !== undefined) request.raw.socket.destroy();
    done();
  });
}

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

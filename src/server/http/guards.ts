import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  requireModerator,
  resolveSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  touchLastActive,
  unauthenticated,
  suspendedUntil,
  type SessionInfo,
} from '../core';
import { Lru } from '../lib/lru';
import { accountSuspended, forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Body fields that name the acting user in the spec's API. */
const ACTOR_BODY_FIELDS = ['userId', 'senderId', 'reporterId', 'blockerId', 'creatorId'] as const;
/** lastActive is written at most once a minute per user. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
/** Members active within that minute whom this instance remembers; one forgotten costs one extra write. */
const ACTIVITY_WRITES_REMEMBERED = 50_000;

export function sessionCookieOptions(config: Config, secure: boolean) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secure || config.PUBLIC_URL?.startsWith('https:') === true,
    maxAge: SESSION_TTL_MS / 1000,
  };
}

/**
 * All request guards, in one place and in order:
 * 1. CSRF: a state-changing request carrying a foreign Origin is refused.
 * 2. Session: every /api route but the public ones needs a live session.
 * 3. Ownership: a user id in the path or an actor id in the body must be the session user's.
 */
export function installGuards(app: FastifyInstance, deps: { db: Db; config: Config }): void {
  app.decorateRequest('session', null);
  const recentlyTouched = new Lru<true>({
    max: ACTIVITY_WRITES_REMEMBERED,
    ttlMs: ACTIVITY_WRITE_INTERVAL_MS,
    now: () => Date.now(),
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method) && !isAllowedOrigin(request, deps.config)) {
      throw forbidden('Cross-site request refused');
    }
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public) return;
    const session = await sessionFromRequest(deps.db, request);
    if (!session) throw unauthenticated();
    // A suspension deletes her sessions; this refuses any that a racing login slipped past it.
    const until = await suspendedUntil(deps.db, session.userId);
    if (until) throw accountSuspended(until);
    request.session = session;
    // Every /api/moderation/* route, whichever feature declares it: moderators only, checked before the
    // request is validated (a member learns nothing from a 400), the role read fresh so a revoked
    // moderator is out at once.
    if (request.url.startsWith('/api/moderation/')) await requireModerator(deps.db, session.userId);
    if (session.extended) {
      const token = request.cookies[SESSION_COOKIE] ?? '';
      void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(deps.config, request.protocol === 'https'));
    }
    if (!recentlyTouched.has(session.userId)) {
      recentlyTouched.set(session.userId, true);
      await touchLastActive(deps.db, session.userId);
    }
  });

  // preValidation sees the body before the schema strips fields it does not list.
  app.addHook('preValidation', async (request) => {
    if (!request.session) return;
    const actor = request.session.userId;
    const params = (request.params ?? {}) as Record<string, unknown>;
    if ('userId' in params && params.userId !== actor) throw forbidden();
    if (request.routeOptions.config.idIsUser && params.id !== actor) throw forbidden();
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const field of ACTOR_BODY_FIELDS) {
        const value = (body as Record<string, unknown>)[field];
        if (value !== undefined && value !== actor) throw forbidden();
      }
    }
  });
}

export async function sessionFromRequest(db: Db, request: FastifyRequest): Promise<SessionInfo | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? resolveSession(db, token) : undefined;
}

/**
 * Same-origin or explicitly allowed; a request without Origin (curl, native apps) is not a CSRF
 * vector. Same origin means scheme, host and port: `https://host` is not the origin of `http://host`.
 */
export function isAllowedOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (config.allowedOrigins.includes(origin)) return true;
  try {
    const own = new URL(`${request.protocol}://${request.headers.host ?? ''}`).origin;
    return new URL(origin).origin === own;
  } catch {
    return false;
  }
}

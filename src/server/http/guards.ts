import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteAccess } from '../../contract/api/define';
import type { Config } from '../config';
import type { DbCaches } from '../db/caches';
import type { Db } from '../db/client';
import {
  cachedSession,
  sessionTokenHash,
  cachedSuspendedUntil,
  requireModerator,
  resolveSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
  touchLastActive,
  unauthenticated,
  sessionSuspendedUntil,
  type SessionInfo,
} from '../core';
import { Lru } from '../lib/lru';
import { accountSuspended, forbidden } from './errors';
import { localText } from '../i18n';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
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
 * 2. Access: the route that matched declares who may call it (src/contract/api/define.ts `RouteAccess`);
 *    this reads that declaration from `request.routeOptions`, never the URL, so an encoded path that
 *    reaches a route gets exactly that route's access.
 * 3. Self: a `self` route's declared path parameter or body field must be the session user's.
 */
export function installGuards(app: FastifyInstance, deps: { db: Db; caches: DbCaches; config: Config }): void {
  app.decorateRequest('session', null);
  const recentlyTouched = new Lru<true>({
    max: ACTIVITY_WRITES_REMEMBERED,
    ttlMs: ACTIVITY_WRITE_INTERVAL_MS,
    now: () => Date.now(),
  });

  /** The guard's full path: reads the session and suspension (from the database on a cache miss). */
  async function guard(request: FastifyRequest, reply: FastifyReply, access: RouteAccess): Promise<void> {
    const session = await sessionFromRequest(deps.db, deps.caches, request);
    if (!session) throw unauthenticated();
    // A suspension deletes her sessions; this refuses any that a racing login slipped past it.
    const until = await sessionSuspendedUntil(deps.db, deps.caches, session);
    if (until) throw accountSuspended(until);
    request.session = session;
    // Checked before the request is validated (a member learns nothing from a 400), the role read fresh
    // so a revoked moderator is out at once.
    if (access === 'moderator') await requireModerator(deps.db, session.userId);
    if (session.extended) {
      const token = request.cookies[SESSION_COOKIE] ?? '';
      void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(deps.config, request.protocol === 'https'));
    }
    if (!recentlyTouched.has(session.userId)) {
      recentlyTouched.set(session.userId, true);
      await touchLastActive(deps.db, deps.caches, session.userId);
    }
  }

  // A callback hook: most authenticated reads are answered from the caches with no promise
  // at all (the same checks as `guard`, each answered by a cache); anything else takes `guard`.
  app.addHook('onRequest', (request, reply, done) => {
    if (!SAFE_METHODS.has(request.method) && !isAllowedOrigin(request, deps.config)) {
      return done(forbidden(localText('crossSiteRequestRefused')));
    }
    const access = request.routeOptions.config.declaration?.access;
    // No declaration: not an /api route (the web app, health, the socket upgrade, a 404), nothing to guard.
    if (access === undefined || access === 'public') return done();
    const tokenHash = access === 'moderator' ? undefined : tokenHashOf(request);
    const session = tokenHash ? cachedSession(deps.db, deps.caches, tokenHash) : undefined;
    if (
      session &&
      recentlyTouched.has(session.userId) &&
      cachedSuspendedUntil(deps.db, deps.caches, session.userId) === null
    ) {
      request.session = session;
      return done();
    }
    guard(request, reply, access).then(() => done(), done);
  });

  // preValidation sees the body before the schema strips fields it does not list.
  app.addHook('preValidation', (request, _reply, done) => {
    const access = request.routeOptions.config.declaration?.access;
    if (!request.session || typeof access !== 'object') return done();
    const [where, field] = access.self.split('.') as ['params' | 'body', string];
    const source = where === 'params' ? request.params : request.body;
    const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[field] : undefined;
    const own =
      where === 'params' ? value === request.session.userId : value === undefined || value === request.session.userId;
    done(own ? undefined : forbidden());
  });
}

/**
 * The last session token each keep-alive connection presented, with its hash: a browser sends the same cookie
 * on every request of a connection, so the SHA-256 is taken once per connection rather than per request.
 * Held as long as the connection is, like the request that carried it.
 */
const connectionTokens = new WeakMap<object, { token: string; hash: string | undefined }>();

function tokenHashOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return undefined;
  const connection = request.raw.socket;
  const known = connectionTokens.get(connection);
  if (known?.token === token) return known.hash;
  const hash = sessionTokenHash(token);
  connectionTokens.set(connection, { token, hash });
  return hash;
}

export async function sessionFromRequest(
  db: Db,
  caches: DbCaches,
  request: FastifyRequest,
): Promise<SessionInfo | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  return token ? resolveSession(db, caches, token) : undefined;
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

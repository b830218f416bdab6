import { hash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { DbCaches } from '../db/caches';
import { sessions } from '../db/schema/sessions';
import { users } from '../db/schema/users';

export const SESSION_COOKIE = 'steep_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** Sliding expiry is written at most this often, so reads do not turn into writes. */
const EXTEND_AFTER_MS = 24 * 60 * 60_000;

// One-shot hash: no Hash object per request on the path every authenticated call takes.
const hashToken = (token: string) => hash('sha256', token, 'hex');

/** What sessions are stored and cached under; undefined for a token no session can have. */
export function sessionTokenHash(token: string): string | undefined {
  return token.length > 100 ? undefined : hashToken(token);
}

export interface SessionInfo {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  /** Set when this request moved the expiry, so the cookie is re-sent with it. */
  extended: boolean;
  /**
   * Her suspension as the session's own read found it (the same statement, so as fresh as a separate read);
   * absent when the session came from the session cache, which never holds it.
   */
  suspendedUntil?: Date | null;
}

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  // Opportunistic cleanup keeps the table from growing without a scheduler.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
  return { token, expiresAt };
}

interface CachedSession {
  userId: string;
  expiresAt: Date;
}
/**
 * Token hash → her id and expiry: a row cache (db/caches.ts), evicted by every delete below. A logout's
 * response leaves once every instance has the eviction (`evictionsInFlight`); should one be lost while both
 * ends look connected, a session outlives its deletion by this much at most on PostgreSQL.
 */
const SHARED_SESSION_TTL_MS = 10_000;
const sessionCache = (db: Db, caches: DbCaches) =>
  caches.processCache<CachedSession>('sessions', undefined, SHARED_SESSION_TTL_MS).on(db);

/**
 * The session a token names when the session cache alone can answer: cached, unexpired, and no sliding
 * extension due. Undefined: ask `resolveSession`. Lets the guard answer most reads without a promise.
 */
export function cachedSession(db: Db, caches: DbCaches, tokenHash: string): SessionInfo | undefined {
  const cache = sessionCache(db, caches);
  const row = cache.get(tokenHash);
  if (!row || row.expiresAt.getTime() - Date.now() < SESSION_TTL_MS - EXTEND_AFTER_MS) return undefined;
  return { userId: row.userId, tokenHash, expiresAt: row.expiresAt, extended: false };
}

export async function resolveSession(db: Db, caches: DbCaches, token: string): Promise<SessionInfo | undefined> {
  if (token.length > 100) return undefined;
  const tokenHash = hashToken(token);
  const now = Date.now();
  const cache = sessionCache(db, caches);
  let row = cache.get(tokenHash);
  let suspension: Pick<SessionInfo, 'suspendedUntil'> = {};
  if (!row) {
    const version = cache.readToken();
    // Her suspension comes with the session: on PostgreSQL, where nothing is cached, the guard then makes one
    // round trip instead of two on every authenticated request.
    const [read] = await caches
      .prepared('session_read', db, (handle) =>
        handle
          .select({ userId: sessions.userId, expiresAt: sessions.expiresAt, suspendedUntil: users.suspendedUntil })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(
            and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))),
          )
          .prepare('session_read'),
      )
      .execute({ tokenHash, now: new Date(now) });
    if (!read) return undefined;
    row = { userId: read.userId, expiresAt: read.expiresAt };
    suspension = { suspendedUntil: read.suspendedUntil };
    cache.set(tokenHash, row, version);
  }
  if (row.expiresAt.getTime() <= now) {
    cache.delete(tokenHash);
    return undefined;
  }
  if (row.expiresAt.getTime() - now < SESSION_TTL_MS - EXTEND_AFTER_MS) {
    const expiresAt = new Date(now + SESSION_TTL_MS);
    const version = cache.readToken();
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.tokenHash, tokenHash));
    // A logout that ran during the update bumped the version: the session must not come back.
    cache.set(tokenHash, { userId: row.userId, expiresAt }, version);
    return { userId: row.userId, tokenHash, expiresAt, extended: true, ...suspension };
  }
  return { userId: row.userId, tokenHash, expiresAt: row.expiresAt, extended: false, ...suspension };
}

export async function deleteSession(db: Db, caches: DbCaches, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  sessionCache(db, caches).delete(tokenHash);
}

/**
 * Ends every session of a member except `keepTokenHash` (her current one, after a password change)
 * and returns the ended ones, so their live sockets can be closed on every instance.
 */
export async function deleteSessionsOf(
  db: Db,
  caches: DbCaches,
  userId: string,
  keepTokenHash?: string,
): Promise<string[]> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined))
    .returning({ tokenHash: sessions.tokenHash });
  const cache = sessionCache(db, caches);
  for (const row of rows) cache.delete(row.tokenHash);
  return rows.map((r) => r.tokenHash);
}

/**
 * Ends every session of a member at once (suspension). Returns nothing to close here: the caller
 * announces it ('account.suspended') and the real-time layer closes her sockets on every instance.
 */
export async function deleteUserSessions(db: Db, caches: DbCaches, userId: string): Promise<void> {
  const rows = await db
    .delete(sessions)
    .where(eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  const cache = sessionCache(db, caches);
  for (const row of rows) cache.delete(row.tokenHash);
}

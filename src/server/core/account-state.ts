import { eq, sql, type SQL } from 'drizzle-orm';
import { BOOST_RANK_MULTIPLIER } from '../../contract/billing';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbCaches } from '../db/caches';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema/users';
import { cachedUser, findUserCached, updateUser } from './users';
import type { SessionInfo } from './sessions';
import { forbidden, localText } from '../http/errors';

/**
 * The one premium rule: Premium is on while the entitlement lasts. `users.premium_until` holds its
 * end, which billing keeps equal to what her subscription entitles: the paid period (plus the
 * renewal grace while it renews itself), or the end of a cancelled period. Time alone ends it, so
 * no job has to run for Premium to stop (docs/decisions/0014-premium-entitlement.md). Every gate
 * (likes, super likes, undo, ghost mode, Tea, boosts…) asks this, in code or through the SQL below.
 */
export function hasActivePremium(user: Pick<UserRow, 'premiumUntil'>, now = Date.now()): boolean {
  return user.premiumUntil !== null && user.premiumUntil.getTime() > now;
}

/** A Profile Boost counts while it runs and only while Premium lasts. */
export function hasActiveBoost(user: Pick<UserRow, 'premiumUntil' | 'boostedUntil'>, now = Date.now()): boolean {
  return hasActivePremium(user, now) && user.boostedUntil !== null && user.boostedUntil.getTime() > now;
}

const at = (moment: Date | SQL) => (moment instanceof Date ? sql`${moment.toISOString()}::timestamptz` : moment);

/**
 * The premium rule in SQL, for queries over many users (`users` in scope). The moment may be SQL (a
 * prepared statement's parameter).
 */
export function premiumSql(moment: Date | SQL): SQL<boolean> {
  return sql<boolean>`(${users.premiumUntil} > ${at(moment)})`;
}

/** Discovery's rank multiplier: BOOST_RANK_MULTIPLIER while a boost runs under live Premium, else 1. */
export function boostMultiplierSql(moment: Date): SQL<number> {
  return sql<number>`(case when ${users.boostedUntil} > ${at(moment)} and ${premiumSql(moment)} then ${sql.raw(
    String(BOOST_RANK_MULTIPLIER),
  )} else 1 end)`;
}

/** Suspended while the suspension's end lies in the future (a permanent one ends in the year 9999). */
export function isSuspendedRow(user: Pick<UserRow, 'suspendedUntil'>, now = Date.now()): boolean {
  return user.suspendedUntil !== null && user.suspendedUntil.getTime() > now;
}

export interface AccountState {
  premium: boolean;
  ghost: boolean;
  verified: boolean;
  role: UserRow['role'];
  premiumUntil: Date | null;
  boostedUntil: Date | null;
  /** Set while she is suspended: signed out everywhere, hidden from everyone. */
  suspendedUntil: Date | null;
}

export async function accountState(db: Db, userId: string, now = Date.now()): Promise<AccountState | undefined> {
  const [row] = await db
    .select({
      premiumUntil: users.premiumUntil,
      boostedUntil: users.boostedUntil,
      ghostMode: users.ghostMode,
      isVerified: users.isVerified,
      role: users.role,
      suspendedUntil: users.suspendedUntil,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return (
    row && {
      premium: hasActivePremium(row, now),
      ghost: row.ghostMode,
      verified: row.isVerified,
      role: row.role,
      premiumUntil: row.premiumUntil,
      boostedUntil: row.boostedUntil,
      suspendedUntil: isSuspendedRow(row, now) ? row.suspendedUntil : null,
    }
  );
}

export async function isPremium(db: Db, userId: string): Promise<boolean> {
  return (await accountState(db, userId))?.premium ?? false;
}

export async function setPremiumUntil(db: Db, caches: DbCaches, userId: string, until: Date | null): Promise<void> {
  await updateUser(db, caches, userId, { premiumUntil: until });
}

export async function setGhostMode(db: Db, caches: DbCaches, userId: string, on: boolean): Promise<void> {
  await updateUser(db, caches, userId, { ghostMode: on });
}

/** Moderation endpoints answer 403 to members; the role is read fresh so a revoked moderator is out at once. */
export async function requireModerator(db: Db, userId: string): Promise<void> {
  if ((await accountState(db, userId))?.role !== 'moderator') throw forbidden(localText('moderatorsOnly'));
}

/**
 * Ends of a current suspension, or null. Every guarded request asks, so it reads the member row
 * through the row cache (every write to users goes through core and evicts it).
 */
export async function suspendedUntil(db: Db, caches: DbCaches, userId: string): Promise<Date | null> {
  const row = await findUserCached(db, caches, userId);
  return row ? activeSuspension(row.suspendedUntil) : null;
}

/** The end of a suspension when it is still running, else null. */
function activeSuspension(until: Date | null): Date | null {
  return isSuspendedRow({ suspendedUntil: until }) ? until : null;
}

/**
 * `suspendedUntil` for a session just resolved: from the session's own read when it carried her suspension
 * (no second round trip), else read. The HTTP guard and the socket upgrade both refuse with it.
 */
export function sessionSuspendedUntil(
  db: Db,
  caches: DbCaches,
  session: Pick<SessionInfo, 'userId' | 'suspendedUntil'>,
): Promise<Date | null> {
  return session.suspendedUntil === undefined
    ? suspendedUntil(db, caches, session.userId)
    : Promise.resolve(activeSuspension(session.suspendedUntil));
}

/** `suspendedUntil` when the row cache holds her row; undefined: ask `suspendedUntil`. */
export function cachedSuspendedUntil(db: Db, caches: DbCaches, userId: string): Date | null | undefined {
  const row = cachedUser(db, caches, userId);
  return row ? activeSuspension(row.suspendedUntil) : undefined;
}

/** Starts (a date) or lifts (null) a suspension. Ending her sessions is the caller's next step. */
export async function setSuspendedUntil(db: Db, caches: DbCaches, userId: string, until: Date | null): Promise<void> {
  await updateUser(db, caches, userId, { suspendedUntil: until });
}

/**
 * A condition for other features' queries: the member `id` names is not suspended. Suspended members
 * are hidden from discovery, match lists, conversations and events.
 */
export function notSuspended(id: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${users} where ${users.id} = ${id} and ${users.suspendedUntil} > now())`;
}

/** `notSuspended` for a query that already reads the member's row (discovery): no extra lookup. */
export function notSuspendedRow(suspendedUntilColumn: AnyPgColumn = users.suspendedUntil): SQL {
  return sql`(${suspendedUntilColumn} is null or ${suspendedUntilColumn} <= now())`;
}

import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import type { DbCaches } from '../db/caches';
import { users, type UserRow } from '../db/schema/users';
import { PROJECTED_COLUMNS, projectMembers, reprojectMembers } from './discovery-members';

/**
 * The member row. Core owns the `users` table: every write goes through a function here, so the
 * cached row below is evicted by the writer itself. Features read a member through these functions;
 * a feature whose list query must filter or rank on member columns (discovery) composes SQL over
 * `memberTable`, the read-only view this module exports for that. Every write here keeps the discovery
 * projection (`discovery-members.ts`) in step, in the same statement or transaction.
 */
export { users as memberTable, type UserRow };

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Several members at once (one query), by id; unknown ids are absent. */
export async function findUsers(db: Db, userIds: readonly string[]): Promise<Map<string, UserRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

/** Which of these lower-cased candidates are members' usernames (the Tea doxxing guard asks). */
export async function existingUsernames(db: Db, candidates: string[]): Promise<string[]> {
  if (candidates.length === 0) return [];
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, candidates));
  return rows.map((r) => r.username.toLowerCase());
}

/**
 * Her row, locked for the rest of the transaction (FOR NO KEY UPDATE: other members' rows that only
 * reference hers take a key-share lock and are not held up). Serialises her own writes that check a
 * count first: swipes against the daily limit, photo uploads against the sixth place.
 */
export async function lockUserRow(tx: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

type NewUser = typeof users.$inferInsert;

/** Returns undefined when the username is taken (case-insensitively). */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
    if (row) await reprojectMembers(tx, [row.id]);
    return row;
  });
}

export type UserChanges = Partial<Omit<NewUser, 'id' | 'createdAt' | 'username' | 'passwordHash'>>;

export async function updateUser(db: Db, caches: DbCaches, userId: string, changes: UserChanges): Promise<void> {
  const columns = Object.keys(changes) as (keyof UserChanges)[];
  if (columns.length === 0) return;
  const update = db.update(users).set(changes).where(eq(users.id, userId));
  if (columns.some((column) => PROJECTED_COLUMNS.has(column))) {
    await db.execute(sql`with changed as ${update.returning()} ${projectMembers(sql`changed`)}`);
  } else {
    await update;
  }
  forgetCachedUser(db, caches, userId);
}

/**
 * Sets the Profile Boost's end. With `unlessEndsAfter`, only when the last boost ended by then (the
 * once-a-day rule, checked in the same statement so two taps cannot both start one). Null stops it.
 */
export async function setBoostedUntil(
  db: Db,
  caches: DbCaches,
  userId: string,
  until: Date | null,
  unlessEndsAfter?: Date,
): Promise<boolean> {
  const update = db
    .update(users)
    .set({ boostedUntil: until })
    .where(
      unlessEndsAfter
        ? sql`${users.id} = ${userId} and (${users.boostedUntil} is null or ${users.boostedUntil} <= ${unlessEndsAfter.toISOString()}::timestamptz)`
        : eq(users.id, userId),
    )
    .returning();
  const { rows } = (await db.execute(
    sql`with changed as ${update}, projected as (${projectMembers(sql`changed`)}) select id from changed`,
  )) as { rows: unknown[] };
  forgetCachedUser(db, caches, userId);
  return rows.length > 0;
}

/** The row as /api/auth/me and the guard read it on every request: a row cache (db/caches.ts). */
const rowCache = (db: Db, caches: DbCaches) => caches.processCache<UserRow>('users').on(db);

function forgetCachedUser(db: Db, caches: DbCaches, userId: string): void {
  rowCache(db, caches).delete(userId);
}

/** Her row when the row cache holds it, without a read; undefined: ask `findUserCached`. */
export function cachedUser(db: Db, caches: DbCaches, userId: string): UserRow | undefined {
  return rowCache(db, caches).get(userId);
}

/**
 * `findUser` for the hot paths (every /me): served from the row cache, which every write in this
 * module evicts; else a prepared read.
 */
export async function findUserCached(db: Db, caches: DbCaches, userId: string): Promise<UserRow | undefined> {
  const cache = rowCache(db, caches);
  const hit = cache.get(userId);
  if (hit) return hit;
  const version = cache.readToken();
  const [row] = await caches
    .prepared('member_row', db, (handle) =>
      handle
        .select()
        .from(users)
        .where(eq(users.id, sql.placeholder('userId')))
        .prepare('member_row'),
    )
    .execute({ userId });
  if (row) cache.set(userId, row, version);
  return row;
}

/**
 * A condition for other features' queries: the member `id` names is not in ghost mode and not
 * suspended (a suspended member is hidden from everyone until the suspension ends).
 */
export function isVisibleMember(id: AnyPgColumn | SQL): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${id} and not ${users.ghostMode} and (${users.suspendedUntil} is null or ${users.suspendedUntil} <= now()))`;
}

/** Her place in the order members joined, from 1 (Early Bird badge). */
export async function memberNumber(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.createdAt} <= (select ${users.createdAt} from ${users} where ${users.id} = ${userId})`);
  return row?.n ?? 0;
}

/** A new password hash (change or reset); `updateUser` never touches it. */
export async function setPasswordHash(db: Db, caches: DbCaches, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  forgetCachedUser(db, caches, userId);
}

/** The member whose verified email this is (one at most: a verified address belongs to one account). */
export async function findUserByVerifiedEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNotNull(users.emailVerifiedAt)));
  return row;
}

/**
 * The one rule for a verified address: it belongs to one account, so a reset link can only ever reach one.
 * Confirming an address (a first one, or a pending change) goes through here and nowhere else: in her
 * transaction, the address is locked (two members confirming it at once take turns), then it becomes her
 * verified email unless another member has it verified by now, and any pending change is over. False when
 * another member has it: nothing changed. A request to use an address reserves nothing (a pending or
 * unverified address is no claim), so this is where the conflict is found, and said only to her, who has
 * just proved with the code that the inbox is hers.
 */
export async function claimVerifiedEmail(tx: Db, caches: DbCaches, userId: string, email: string): Promise<boolean> {
  const address = email.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`verified-email:${address}`}))`);
  const owner = await findUserByVerifiedEmail(tx, address);
  if (owner && owner.id !== userId) return false;
  await updateUser(tx, caches, userId, { email: address, emailVerifiedAt: new Date(), pendingEmail: null });
  return true;
}

/**
 * Deletes her row. Every table holding her data references it with ON DELETE CASCADE, so her rows in
 * every feature go with it (docs/decisions/0010-account-deletion.md). False when she did not exist.
 */
export async function deleteUser(db: Db, caches: DbCaches, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  forgetCachedUser(db, caches, userId);
  return deleted.length > 0;
}

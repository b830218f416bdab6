import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailCodes, passwordResets } from '../../db/schema/auth';

/**
 * Every statement of auth: the email codes and the password-reset links. Members, passwords and
 * sessions are core's. Secrets arrive here already hashed (account-security.ts hashes them), so nothing
 * here ever sees a code or a token.
 */

type EmailCodeRow = typeof emailCodes.$inferSelect;

/** Replaced codes remembered (for "replaced by a newer one"): a few presses of "Send a new code". */
const REPLACED_CODES_KEPT = 5;

/**
 * Her one pending code: a new one replaces the last (and its count of wrong tries); the last one's hash joins
 * the replaced ones, newest first, the oldest forgotten beyond REPLACED_CODES_KEPT. In one statement, so two
 * requests at once each see the other's code as replaced.
 */
export async function saveEmailCode(db: Db, row: Omit<EmailCodeRow, 'replacedCodeHashes' | 'attempts'>): Promise<void> {
  await db
    .insert(emailCodes)
    .values({ ...row, attempts: 0, replacedCodeHashes: [] })
    .onConflictDoUpdate({
      target: emailCodes.userId,
      set: {
        ...row,
        attempts: 0,
        replacedCodeHashes: sql`(array_prepend(${emailCodes.codeHash}, ${emailCodes.replacedCodeHashes}))[1:${sql.raw(String(REPLACED_CODES_KEPT))}]`,
      },
    });
}

export async function findEmailCode(db: Db, userId: string): Promise<EmailCodeRow | undefined> {
  const [row] = await db.select().from(emailCodes).where(eq(emailCodes.userId, userId));
  return row;
}

/** One more wrong try, counted in the statement so tries sent at once all count. */
/** Counts one wrong guess at her code: the wrong guesses so far, this one included (0 when no code is waiting). */
export async function countWrongEmailCode(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(eq(emailCodes.userId, userId))
    .returning({ attempts: emailCodes.attempts });
  return row?.attempts ?? 0;
}

export async function deleteEmailCode(db: Db, userId: string): Promise<void> {
  await db.delete(emailCodes).where(eq(emailCodes.userId, userId));
}

/** Reset links made for her after `since`, used or not. */
export async function resetsSince(db: Db, userId: string, since: Date): Promise<number> {
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
  return recent?.n ?? 0;
}

export async function insertPasswordReset(
  db: Db,
  row: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** Unused and not expired at `now`. */
const usable = (tokenHash: string, now: Date) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

/**
 * Whose link this is while it can still be spent (unknown, used or expired: undefined). An indexed equality on
 * a digest, so timing says nothing about how much of a token matched.
 */
export async function resetOwner(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(usable(tokenHash, now))
    .limit(1);
  return row?.userId;
}

/**
 * Spends the link in the same statement that checks it, so two tries cannot both win: whose it was,
 * or undefined when it was unknown, used or expired.
 */
export async function spendReset(db: Db, tokenHash: string, now: Date): Promise<string | undefined> {
  const [spent] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(usable(tokenHash, now))
    .returning({ userId: passwordResets.userId });
  return spent?.userId;
}

/**
 * Her reset links are made one at a time (two requests' jobs may run at once): the one made last retires
 * every earlier one, whichever committed first.
 */
export async function lockResetsOf(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`password-resets:${userId}`}))`);
}

/** Marks every open link of hers used. */
export async function spendResetsOf(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { datePlanContacts, datePlans } from '../../db/schema/datesafety';

/**
 * Every statement of Share My Date: the plans and their contacts. The services decide (limits, who may
 * see what, which texts go); what is read, written and claimed is here. Plain functions take the handle
 * to run on (the database, or a transaction). Links and addresses arrive already hashed.
 */

export type PlanRow = typeof datePlans.$inferSelect;
export type ContactRow = typeof datePlanContacts.$inferSelect;

/** A plan that can still move: not checked in, not alerted, not cancelled. */
const open = and(isNull(datePlans.safeAt), isNull(datePlans.alertedAt), isNull(datePlans.cancelledAt));

// ---------------------------------------------------------------------------------------------------
// Sharing

/**
 * Serialises her plan creations until the transaction ends, so a burst cannot pass the daily counts
 * together (each waits, then counts what the one before stored).
 */
export async function lockPlansOf(tx: Db, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`date-plans:${userId}`}))`);
}

/** Plans she shared after `since`. */
export async function plansSharedSince(db: Db, userId: string, since: Date): Promise<number> {
  const [mine] = await db
    .select({ n: count() })
    .from(datePlans)
    .where(and(eq(datePlans.userId, userId), gt(datePlans.createdAt, since)));
  return mine?.n ?? 0;
}

/** How many plans named each of these addresses (by hash) after `since`, from anyone; absent: none. */
export async function plansPerAddressSince(db: Db, addressHashes: string[], since: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ hash: datePlanContacts.addressHash, n: count() })
    .from(datePlanContacts)
    .where(and(inArray(datePlanContacts.addressHash, addressHashes), gt(datePlanContacts.createdAt, since)))
    .groupBy(datePlanContacts.addressHash);
  return new Map(rows.map((row) => [row.hash, row.n]));
}

export async function insertPlan(db: Db, row: typeof datePlans.$inferInsert): Promise<PlanRow> {
  const [plan] = await db.insert(datePlans).values(row).returning();
  if (!plan) throw new Error('date plan insert returned nothing');
  return plan;
}

export async function insertContacts(db: Db, rows: (typeof datePlanContacts.$inferInsert)[]): Promise<ContactRow[]> {
  return db.insert(datePlanContacts).values(rows).returning();
}

// ---------------------------------------------------------------------------------------------------
// Reading

/** Each plan's contacts, in the order they were added (then by name). */
export async function contactsOf(db: Db, planIds: string[]): Promise<Map<string, ContactRow[]>> {
  const result = new Map<string, ContactRow[]>();
  if (planIds.length === 0) return result;
  const rows = await db
    .select()
    .from(datePlanContacts)
    .where(inArray(datePlanContacts.planId, planIds))
    .orderBy(asc(datePlanContacts.createdAt), asc(datePlanContacts.name));
  for (const row of rows) result.set(row.planId, [...(result.get(row.planId) ?? []), row]);
  return result;
}

/** Her plans not cancelled whose link still answers at `now`, soonest first. */
export async function livePlansOf(db: Db, userId: string, now: Date): Promise<PlanRow[]> {
  return db
    .select()
    .from(datePlans)
    .where(and(eq(datePlans.userId, userId), isNull(datePlans.cancelledAt), gt(datePlans.expiresAt, now)))
    .orderBy(asc(datePlans.startsAt));
}

/** Her plan, whatever its state; undefined when it is not hers or does not exist. */
export async function planOf(db: Db, userId: string, planId: string): Promise<PlanRow | undefined> {
  const [plan] = await db
    .select()
    .from(datePlans)
    .where(and(eq(datePlans.id, planId), eq(datePlans.userId, userId)));
  return plan;
}

/** The plan a contact's link names, by the link's hash. */
export async function planByLink(db: Db, tokenHash: string): Promise<PlanRow | undefined> {
  const [found] = await db
    .select({ plan: datePlans })
    .from(datePlanContacts)
    .innerJoin(datePlans, eq(datePlans.id, datePlanContacts.planId))
    .where(eq(datePlanContacts.tokenHash, tokenHash));
  return found?.plan;
}

// ---------------------------------------------------------------------------------------------------
// Her answers

/** "I'm safe" on her plan not yet safe nor cancelled (an alerted one too); the plan, or undefined when nothing changed. */
export async function markPlanSafe(db: Db, userId: string, planId: string, now: Date): Promise<PlanRow | undefined> {
  const [plan] = await db
    .update(datePlans)
    .set({ safeAt: now })
    .where(
      and(
        eq(datePlans.id, planId),
        eq(datePlans.userId, userId),
        isNull(datePlans.safeAt),
        isNull(datePlans.cancelledAt),
      ),
    )
    .returning();
  return plan;
}

/** Cancels her plan not cancelled before; the plan, or undefined when nothing changed. */
export async function cancelPlanOf(db: Db, userId: string, planId: string, now: Date): Promise<PlanRow | undefined> {
  const [plan] = await db
    .update(datePlans)
    .set({ cancelledAt: now })
    .where(and(eq(datePlans.id, planId), eq(datePlans.userId, userId), isNull(datePlans.cancelledAt)))
    .returning();
  return plan;
}

// ---------------------------------------------------------------------------------------------------
// The check-in's jobs

/** The plan if it can still move (her reminder is due only then). */
export async function openPlan(db: Db, planId: string): Promise<PlanRow | undefined> {
  const [plan] = await db
    .select()
    .from(datePlans)
    .where(and(eq(datePlans.id, planId), open));
  return plan;
}

/**
 * Claims the plan's alert: sets `alertedAt` only where the plan can still move and its check-in time is
 * at least `graceMs` before `now`. The plan when this call claimed it; undefined when it was not due, or
 * claimed before (a retried job, a second worker), so the contacts are told once.
 */
export async function claimAlert(db: Db, planId: string, now: Date, graceMs: number): Promise<PlanRow | undefined> {
  const [plan] = await db
    .update(datePlans)
    .set({ alertedAt: now })
    .where(
      and(
        eq(datePlans.id, planId),
        open,
        isNotNull(datePlans.checkInAt),
        lte(datePlans.checkInAt, new Date(now.getTime() - graceMs)),
      ),
    )
    .returning();
  return plan;
}

/** One plan's contacts, in no particular order. */
export async function contactsOfPlan(db: Db, planId: string): Promise<ContactRow[]> {
  return db.select().from(datePlanContacts).where(eq(datePlanContacts.planId, planId));
}

/** Deletes the plans whose link stopped before `before` (their contacts go by cascade). */
export async function deletePlansExpiredBefore(db: Db, before: Date): Promise<void> {
  await db.delete(datePlans).where(lt(datePlans.expiresAt, before));
}

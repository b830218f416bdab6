import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photoAnalyses, verifications, verificationSelfies } from '../../db/schema/verification';

/**
 * Every statement of verification: her verification row, the pose selfie awaiting review and the
 * cached analysis of her photos. Services decide and answer; what is read and written is here.
 *
 * Plain functions take the handle to run on (the database, or a transaction). A decision's writes also
 * touch other owners' rows (core's verified flag, the media delete queue), so the service opens that
 * transaction and passes it here.
 */

export type VerificationRow = typeof verifications.$inferSelect;
type SelfieRow = typeof verificationSelfies.$inferSelect;
type PhotoAnalysisRow = typeof photoAnalyses.$inferSelect;
type NewPhotoAnalysis = typeof photoAnalyses.$inferInsert;

type VerificationChanges = Partial<Omit<VerificationRow, 'userId'>>;

// ---------------------------------------------------------------------------------------------------
// Her verification row

export async function verificationOf(db: Db, userId: string): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(verifications).where(eq(verifications.userId, userId));
  return row;
}

/** Her row with these columns, made if she has none yet (a conflict sets them). */
export async function upsertVerification(db: Db, userId: string, changes: VerificationChanges): Promise<void> {
  await db
    .insert(verifications)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: verifications.userId, set: changes });
}

/**
 * Her row with these columns: made with the table's defaults first if she has none, so a new row
 * starts from the defaults and then takes exactly these changes.
 */
export async function updateVerification(db: Db, userId: string, changes: VerificationChanges): Promise<void> {
  await db.insert(verifications).values({ userId }).onConflictDoNothing();
  await db.update(verifications).set(changes).where(eq(verifications.userId, userId));
}

// ---------------------------------------------------------------------------------------------------
// Pose selfies awaiting review

export async function pendingSelfieOf(db: Db, userId: string): Promise<SelfieRow | undefined> {
  const [row] = await db.select().from(verificationSelfies).where(eq(verificationSelfies.userId, userId));
  return row;
}

export async function selfieById(db: Db, requestId: string): Promise<SelfieRow | undefined> {
  const [row] = await db.select().from(verificationSelfies).where(eq(verificationSelfies.id, requestId));
  return row;
}

/** The moderators' queue, oldest first. */
export async function pendingSelfies(db: Db): Promise<SelfieRow[]> {
  return db.select().from(verificationSelfies).orderBy(asc(verificationSelfies.createdAt));
}

/**
 * Her selfie and her row's 'pending' state in one transaction. A second selfie of hers fails the unique
 * user id (rejects), so of two uploads at once only one is stored.
 */
export async function storeSelfie(db: Db, selfie: { userId: string; pose: string; storageKey: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(verificationSelfies).values(selfie);
    await tx
      .update(verifications)
      .set({ status: 'pending', notes: null, updatedAt: new Date() })
      .where(eq(verifications.userId, selfie.userId));
  });
}

/** Takes the selfie off the queue: its owner and file, or undefined when another decision took it first. */
export async function deleteSelfie(
  db: Db,
  requestId: string,
): Promise<{ userId: string; storageKey: string } | undefined> {
  const [row] = await db
    .delete(verificationSelfies)
    .where(eq(verificationSelfies.id, requestId))
    .returning({ userId: verificationSelfies.userId, storageKey: verificationSelfies.storageKey });
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Photo analyses (one per stored photo; a photo's pixels never change)

export async function hasAnalysis(db: Db, photoId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: photoAnalyses.photoId })
    .from(photoAnalyses)
    .where(eq(photoAnalyses.photoId, photoId));
  return row !== undefined;
}

/** Stores a photo's measurement; a photo measured meanwhile keeps its first one. */
export async function insertAnalysis(db: Db, analysis: NewPhotoAnalysis): Promise<void> {
  await db.insert(photoAnalyses).values(analysis).onConflictDoNothing();
}

export async function analysesOf(db: Db, photoIds: readonly string[]): Promise<PhotoAnalysisRow[]> {
  if (photoIds.length === 0) return [];
  return db
    .select()
    .from(photoAnalyses)
    .where(inArray(photoAnalyses.photoId, [...photoIds]));
}

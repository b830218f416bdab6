import { eq } from 'drizzle-orm';
import { STATUS_LIFETIME_MS, type UserStatus } from '../../../contract/profiles';
import type { Db } from '../../db/client';
import { statuses } from '../../db/schema/profiles';
import { findVisibleUser } from './service';

function present(row: typeof statuses.$inferSelect): UserStatus {
  return { text: row.text, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}

/** Her own status even when expired (she sees 'Expired'); for anyone else only a live one. */
export async function getStatus(
  db: Db,
  viewerId: string,
  userId: string,
  now = new Date(),
): Promise<UserStatus | null> {
  const user = await findVisibleUser(db, viewerId, userId);
  const [row] = await db.select().from(statuses).where(eq(statuses.userId, user.id));
  if (!row) return null;
  if (user.id !== viewerId && row.expiresAt <= now) return null;
  return present(row);
}

/** A new status replaces the previous one and lives 24 hours. */
export async function setStatus(db: Db, userId: string, text: string, now = new Date()): Promise<UserStatus> {
  const values = { text, createdAt: now, expiresAt: new Date(now.getTime() + STATUS_LIFETIME_MS) };
  const [row] = await db
    .insert(statuses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: statuses.userId, set: values })
    .returning();
  if (!row) throw new Error('status upsert returned no row');
  return present(row);
}

export async function clearStatus(db: Db, userId: string): Promise<void> {
  await db.delete(statuses).where(eq(statuses.userId, userId));
}

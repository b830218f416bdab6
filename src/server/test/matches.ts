import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { matches } from './tables';
import { orderedPair } from '../features/matches';

/**
 * Test-only: a match between two users, inserted directly so chat tests do not depend on the
 * likes flow. Returns the match id.
 */
export async function createMatch(db: Db, a: string, b: string, createdAt?: Date): Promise<string> {
  const [userA, userB] = orderedPair(a, b);
  const [row] = await db
    .insert(matches)
    .values({ userA, userB, ...(createdAt ? { createdAt } : {}) })
    .returning({ id: matches.id });
  if (!row) throw new Error('match not created');
  return row.id;
}

/** Test-only: what undoing a like does to a match with no messages — the row goes. */
export async function deleteMatch(db: Db, matchId: string): Promise<void> {
  await db.delete(matches).where(eq(matches.id, matchId));
}

import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { DEFAULT_DISCOVERY_FILTERS, type DiscoveryFilters, type updateFiltersBody } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { discoveryFilters } from '../../db/schema/preferences';

type FiltersRow = typeof discoveryFilters.$inferSelect;

export function presentFilters(row: FiltersRow | null | undefined): DiscoveryFilters {
  if (!row) return { ...DEFAULT_DISCOVERY_FILTERS, teaPreferences: [], lifestylePreferences: [] };
  return {
    minAge: row.minAge,
    maxAge: row.maxAge,
    maxDistance: row.maxDistance,
    // Stored values were validated against the lists on the way in.
    teaPreferences: row.teaPreferences as DiscoveryFilters['teaPreferences'],
    lifestylePreferences: row.lifestylePreferences as DiscoveryFilters['lifestylePreferences'],
  };
}

/** Her saved filters, or the defaults (18–65, 50 miles, no chips) until she saves some. */
export async function getFilters(db: Db, userId: string): Promise<DiscoveryFilters> {
  const [row] = await db.select().from(discoveryFilters).where(eq(discoveryFilters.userId, userId));
  return presentFilters(row);
}

export async function saveFilters(
  db: Db,
  userId: string,
  input: z.output<typeof updateFiltersBody>,
): Promise<DiscoveryFilters> {
  const values = { ...input, updatedAt: new Date() };
  const [row] = await db
    .insert(discoveryFilters)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: discoveryFilters.userId, set: values })
    .returning();
  return presentFilters(row);
}

/**
 * The other half of discovery's mutual age check, for the member in `userId`: her own range must hold
 * `age`. Without saved filters her range is the default: when that holds the age,
 * only people whose saved range excludes it drop out; when it does not, only people whose saved range
 * holds it stay.
 */
export function savedRangeHolds(userId: PgColumn, age: number): SQL {
  const f = discoveryFilters;
  const defaultHolds = age >= DEFAULT_DISCOVERY_FILTERS.minAge && age <= DEFAULT_DISCOVERY_FILTERS.maxAge;
  // One primary-key lookup per candidate, as a scalar subquery the planner cannot turn into a join:
  // discovery checks a bounded stream of candidates, and hashing every saved range that excludes her
  // (hundreds of thousands at scale) would cost more than the page.
  const holds = sql`(select ${f.minAge} <= ${age}::int and ${f.maxAge} >= ${age}::int from ${f} where ${f.userId} = ${userId})`;
  return defaultHolds ? sql`coalesce(${holds}, true)` : sql`coalesce(${holds}, false)`;
}

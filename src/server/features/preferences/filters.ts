import type { z } from 'zod';
import { DEFAULT_DISCOVERY_FILTERS, type DiscoveryFilters, type updateFiltersBody } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { projectSavedAgeRange } from '../../core';
import { filtersRow, upsertFilters, type FiltersRow } from './repository';

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
  return presentFilters(await filtersRow(db, userId));
}

export async function saveFilters(
  db: Db,
  userId: string,
  input: z.output<typeof updateFiltersBody>,
): Promise<DiscoveryFilters> {
  // Discovery reads her saved range from its projection, which must never disagree with what she saved.
  const row = await db.transaction(async (tx) => {
    const saved = await upsertFilters(tx, userId, input);
    await projectSavedAgeRange(tx, userId, saved ? { minAge: saved.minAge, maxAge: saved.maxAge } : null);
    return saved;
  });
  return presentFilters(row);
}

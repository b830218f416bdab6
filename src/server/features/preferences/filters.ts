import type { z } from 'zod';
import { DEFAULT_DISCOVERY_FILTERS, type DiscoveryFilters, type updateFiltersBody } from '../../../contract/discovery';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { projectSavedAgeRange } from '../../core';
import { bumpPreferencesRevision, filtersRow, upsertFilters, type FiltersRow } from './repository';

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

/** Her saved filters, or the defaults (DEFAULT_DISCOVERY_FILTERS, no chips) until she saves some. */
export async function getFilters(db: Db, userId: string): Promise<DiscoveryFilters> {
  return presentFilters(await filtersRow(db, userId));
}

/**
 * Saves her filters from the filters screen. Age range and distance are also her preferences' ageRange and
 * maxDistance, so the save counts as a change of her preferences: an editor still showing the old range is refused
 * (409) rather than writing it back.
 */
export async function saveFilters(
  db: Db,
  userId: string,
  input: z.output<typeof updateFiltersBody>,
  events?: DomainEvents,
): Promise<DiscoveryFilters> {
  const { saved, revision } = await db.transaction(async (tx) => ({
    saved: await writeFilters(tx, userId, input),
    revision: await bumpPreferencesRevision(tx, userId),
  }));
  // After the commit: her other devices' editors fetch the new range.
  events?.emit('preferences.changed', { userId, revision });
  return saved;
}

/** Writes her filters and discovery's projection of her range, in the caller's transaction. */
export async function writeFilters(
  db: Db,
  userId: string,
  input: z.output<typeof updateFiltersBody>,
): Promise<DiscoveryFilters> {
  // Discovery reads her saved range from its projection, which must never disagree with what she saved.
  const saved = await upsertFilters(db, userId, input);
  await projectSavedAgeRange(db, userId, saved ? { minAge: saved.minAge, maxAge: saved.maxAge } : null);
  return presentFilters(saved);
}

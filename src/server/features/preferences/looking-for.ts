import type { z } from 'zod';
import {
  DEFAULT_FRIENDS_FILTERS,
  type DiscoveryMode,
  type FriendsFilters,
  type LookingFor,
  type updateFriendsFiltersBody,
} from '../../../contract/discovery';
import type { Db } from '../../db/client';
import { localText, type LocalText } from '../../i18n';
import { friendsFiltersRow, upsertFriendsFilters, writePreferenceColumns, type FriendsFiltersRow } from './repository';

/*
 * Friends mode (product §2 "Discover"): what she is looking for, and the Friends deck's own filters.
 * Discovery reads both through the repository's SQL fragments (`inDeck`, `friendsRangeHolds`); matches
 * refuses a swipe in a deck she is not in.
 */

export async function setLookingFor(db: Db, userId: string, lookingFor: LookingFor): Promise<LookingFor> {
  await writePreferenceColumns(db, userId, { lookingFor });
  return lookingFor;
}

export function presentFriendsFilters(row: FriendsFiltersRow | null | undefined): FriendsFilters {
  if (!row) return { ...DEFAULT_FRIENDS_FILTERS, interests: [] };
  return { minAge: row.minAge, maxAge: row.maxAge, maxDistance: row.maxDistance, interests: row.interests };
}

/** Her Friends deck filters, or the defaults (18–75, 25 miles, any interests) until she saves some. */
export async function getFriendsFilters(db: Db, userId: string): Promise<FriendsFilters> {
  return presentFriendsFilters(await friendsFiltersRow(db, userId));
}

export async function saveFriendsFilters(
  db: Db,
  userId: string,
  input: z.output<typeof updateFriendsFiltersBody>,
): Promise<FriendsFilters> {
  return presentFriendsFilters(await upsertFriendsFilters(db, userId, input));
}

/** Why a deck is refused to her: she has not chosen it in "Looking for". */
export function deckNotChosen(mode: DiscoveryMode): LocalText {
  return mode === 'friends' ? localText('chooseFriendsDeck') : localText('chooseDatingDeck');
}

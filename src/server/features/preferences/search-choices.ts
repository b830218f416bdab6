import type { DiscoveryFilters, FriendsFilters, LookingFor } from '../../../contract/discovery';
import type { DealBreaker } from '../../../contract/preferences';
import type { Db } from '../../db/client';
import { presentFilters } from './filters';
import { presentFriendsFilters } from './looking-for';
import { DEFAULT_PRIVACY } from './privacy';
import { searchChoicesRow } from './repository';

/** Everything of hers a discovery search starts from, with the defaults for what she never saved. */
export interface SearchChoices {
  filters: DiscoveryFilters;
  friendsFilters: FriendsFilters;
  dealBreakers: DealBreaker[];
  lookingFor: LookingFor;
  /** Her own presence choices: what she shares is what she may see of others (`disclosure`). */
  presence: { showOnlineStatus: boolean; showLastActive: boolean };
}

/** Her search choices in one round trip (discovery's feed reads them on every page). */
export async function searchChoicesOf(db: Db, userId: string): Promise<SearchChoices> {
  const row = await searchChoicesRow(db, userId);
  return {
    filters: presentFilters(row?.filters),
    friendsFilters: presentFriendsFilters(row?.friendsFilters),
    dealBreakers: (row?.dealBreakers ?? []) as DealBreaker[],
    lookingFor: row?.lookingFor ?? 'dating',
    presence: {
      showOnlineStatus: row?.showOnlineStatus ?? DEFAULT_PRIVACY.showOnlineStatus,
      showLastActive: row?.showLastActive ?? DEFAULT_PRIVACY.showLastActive,
    },
  };
}

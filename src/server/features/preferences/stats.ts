import type { PreferenceStats } from '../../../contract/preferences';
import type { Db } from '../../db/client';
import { getFilters } from './filters';

/**
 * The numbers come from the features that own the data, each one SQL statement there; app.ts wires
 * them in (preferences sits below those features and cannot import them).
 */
export interface PreferenceStatSources {
  /** Her matches, all time and since `since`. */
  matchCounts(db: Db, userId: string, since: Date): Promise<{ total: number; since: number }>;
  /** Her matches with at least one message from each side. */
  twoWayConversations(db: Db, userId: string): Promise<number>;
  profileViews(db: Db, userId: string): Promise<number>;
  /** Top interests among the members within `miles` of her, by count. */
  popularInterestsNear(db: Db, userId: string, miles: number): Promise<{ interest: string; count: number }[]>;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function preferenceStatsOf(
  db: Db,
  sources: PreferenceStatSources,
  userId: string,
  now = new Date(),
): Promise<PreferenceStats> {
  const filters = await getFilters(db, userId);
  const matches = await sources.matchCounts(db, userId, new Date(now.getTime() - WEEK_MS));
  const twoWay = await sources.twoWayConversations(db, userId);
  const profileViews = await sources.profileViews(db, userId);
  const popularInterests = await sources.popularInterestsNear(db, userId, filters.maxDistance);
  return {
    totalMatches: matches.total,
    weeklyMatches: matches.since,
    profileViews,
    matchQuality: matches.total === 0 ? 0 : Math.round((100 * twoWay) / matches.total),
    popularInterests,
  };
}

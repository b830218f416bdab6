import { profileCompleteness, type ProfileStats } from '../../../contract/profiles';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { countProfileViews, dayStreakOf, getSelfUser } from '../profiles';
import { countLikesReceived, countMatches, countSuperLikesReceived } from './repository';
import { localText } from '../../i18n';

/** Her profile numbers, all counted from stored activity. */
export async function profileStatsOf(
  db: Db,
  caches: DbCaches,
  userId: string,
  now = new Date(),
): Promise<ProfileStats> {
  const user = await getSelfUser(db, caches, userId);
  if (!user) throw notFound(localText('userNotFound'));
  // Sequential on purpose: PGlite runs one query at a time anyway, and a pool slot per request is enough.
  const views = await countProfileViews(db, userId);
  const likes = await countLikesReceived(db, userId);
  const superLikes = await countSuperLikesReceived(db, userId);
  const matches = await countMatches(db, userId);
  const dayStreak = await dayStreakOf(db, userId, now);
  return { views, likes, matches, superLikes, dayStreak, completeness: profileCompleteness(user) };
}

import type { Db } from '../../db/client';
import { locationsWithin, placeOf, popularInterestsAt } from './repository';

const SHOWN = 8;

/**
 * The interests most listed by members within `miles` of her city centre (not her, not ghosts), by
 * count, one SQL statement: the trending interests of preference stats.
 */
export async function popularInterestsNear(
  db: Db,
  userId: string,
  miles: number,
): Promise<{ interest: string; count: number }[]> {
  const me = await placeOf(db, userId);
  if (!me) return [];
  const places = locationsWithin(me, miles, 'all');
  if (places.length === 0) return [];
  return popularInterestsAt(db, userId, places, SHOWN);
}

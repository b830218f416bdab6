import { and, eq, ne, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberTable as users } from '../../core';
import { locationsWithin } from './candidates';

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
  const [me] = await db
    .select({ location: users.location, latitude: users.latitude, longitude: users.longitude })
    .from(users)
    .where(eq(users.id, userId));
  if (!me) return [];
  const places = locationsWithin(me, miles, 'all');
  if (places.length === 0) return [];
  const interest = sql<string>`unnest(${users.interests})`;
  const rows = await db
    .select({ interest: sql<string>`i.interest`, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(
      db
        .select({ interest: interest.as('interest') })
        .from(users)
        .where(
          and(
            ne(users.id, userId),
            not(users.ghostMode),
            sql`${users.location} = any(array[${sql.join(
              places.map((p) => sql`${p}`),
              sql`, `,
            )}]::text[])`,
          ),
        )
        .as('i'),
    )
    .groupBy(sql`i.interest`)
    .orderBy(sql`count(*) desc`, sql`i.interest`)
    .limit(SHOWN);
  return rows;
}

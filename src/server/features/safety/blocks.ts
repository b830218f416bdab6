import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { blocks } from '../../db/schema';

export async function isBlockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.id })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedUserId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedUserId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A condition for other features' queries: `other` has no block with `viewerId`, in either direction.
 * Given as SQL so a list query filters in the database instead of loading block lists.
 */
export function notBlockedWith(viewerId: string, other: AnyPgColumn | SQL): SQL {
  return sql`not exists (
    select 1 from ${blocks}
    where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedUserId} = ${other})
       or (${blocks.blockerId} = ${other} and ${blocks.blockedUserId} = ${viewerId})
  )`;
}

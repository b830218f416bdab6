import { and, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { blocks } from '../db/schema/blocks';

/**
 * The block relation. Core owns the `blocks` table because every feature must honour it; safety
 * owns the product around it (who may block whom, what the block list shows, the announcement).
 */
export type BlockRow = typeof blocks.$inferSelect;

/** Are these two blocked, either way? */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
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
 * A condition for other features' queries: `other` has no block with `viewerId` (an id, or SQL such as
 * a prepared statement's parameter), in either direction.
 * Given as SQL so a list query filters in the database instead of loading block lists. Two NOT EXISTS
 * rather than one with OR: each becomes an anti-join on an index, where the OR form runs a subquery
 * per candidate row (it dominated the discovery query's time at 100k users).
 */
export function notBlockedWith(viewerId: string | SQLWrapper, other: AnyPgColumn | SQL): SQL {
  return sql`(not exists (
    select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedUserId} = ${other}
  ) and not exists (
    select 1 from ${blocks} where ${blocks.blockerId} = ${other} and ${blocks.blockedUserId} = ${viewerId}
  ))`;
}

/** Which of `otherIds` have blocked `viewerId`. */
export async function blockersAmong(db: Db, viewerId: string, otherIds: readonly string[]): Promise<Set<string>> {
  if (otherIds.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockedUserId, viewerId), inArray(blocks.blockerId, [...otherIds])));
  return new Set(rows.map((r) => r.blockerId));
}

/** Undefined when `blockerId` already blocks `blockedUserId`. */
export async function insertBlock(db: Db, blockerId: string, blockedUserId: string): Promise<BlockRow | undefined> {
  const [row] = await db.insert(blocks).values({ blockerId, blockedUserId }).onConflictDoNothing().returning();
  return row;
}

/** Blocks made by `blockerId`, newest first. */
export async function blocksMadeBy(db: Db, blockerId: string): Promise<BlockRow[]> {
  return db
    .select()
    .from(blocks)
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt), desc(blocks.id));
}

/** Deletes her block `blockId`; undefined when it is not hers (or does not exist). */
export async function deleteBlockMadeBy(db: Db, blockerId: string, blockId: string): Promise<BlockRow | undefined> {
  const [row] = await db
    .delete(blocks)
    .where(and(eq(blocks.id, blockId), eq(blocks.blockerId, blockerId)))
    .returning();
  return row;
}

/** How many members `blockerId` blocks (the Safety Center's counter). */
export async function countBlocksMadeBy(db: Db, blockerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(blocks).where(eq(blocks.blockerId, blockerId));
  return row?.n ?? 0;
}

import { eq, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

/**
 * Every statement of account. Account owns no table: its one statement reads her rows from any table
 * that references users (the data export walks them by the rules in personal-data-tables.ts), which is
 * why it takes the table and columns rather than importing a schema.
 */

/** The rows of `table` where any of `columns` names her, as drizzle returns them (camelCase keys). */
export async function rowsNaming(
  db: Db,
  table: PgTable,
  columns: PgColumn[],
  userId: string,
): Promise<Record<string, unknown>[]> {
  const conditions = columns.map((column) => eq(column, userId));
  return await db
    .select()
    .from(table)
    .where(conditions.length === 1 ? conditions[0] : or(...conditions));
}

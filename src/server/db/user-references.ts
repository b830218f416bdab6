import { getTableColumns, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** One column that names a member by a foreign key to users. */
export interface UserReference {
  table: PgTable;
  tableName: string;
  /** The column's property name in the schema (camelCase). */
  column: string;
  onDelete: string | undefined;
}

/** Every table of the schema, by SQL name. */
export function allTables(): Map<string, PgTable> {
  const tables = new Map<string, PgTable>();
  for (const value of Object.values(schema)) if (is(value, PgTable)) tables.set(getTableConfig(value).name, value);
  return tables;
}

/**
 * Read from the schema itself, so a table added later is in the list the moment it references users:
 * account deletion's test and the data export both walk it.
 */
export function userReferences(): UserReference[] {
  const references: UserReference[] = [];
  for (const [tableName, table] of allTables()) {
    const byName = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
    for (const fk of getTableConfig(table).foreignKeys) {
      const reference = fk.reference();
      if (reference.foreignTable !== schema.users) continue;
      for (const column of reference.columns) {
        references.push({ table, tableName, column: byName.get(column.name) ?? column.name, onDelete: fk.onDelete });
      }
    }
  }
  return references;
}

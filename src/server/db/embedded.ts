import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { openPglite, type Database } from './client';

export function embeddedDatabaseDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'db');
}

/** Whether the embedded database has never been opened (the first boot of this DATA_DIR). */
export function isFreshEmbeddedDatabase(config: Pick<Config, 'DATA_DIR'>): boolean {
  return !existsSync(path.join(embeddedDatabaseDir(config), 'PG_VERSION'));
}

/**
 * Opens DATA_DIR's database. A fresh one starts from `template` when the build made it (a migrated empty
 * database, dist/db-template.tar.gz, that loads faster than initialising one).
 */
export async function openEmbeddedDatabase(config: Pick<Config, 'DATA_DIR'>, template: string): Promise<Database> {
  const dataDir = embeddedDatabaseDir(config);
  const fresh = isFreshEmbeddedDatabase(config);
  const snapshot = fresh && existsSync(template) ? new Blob([await readFile(template)]) : undefined;
  return openPglite({ dataDir, ...(snapshot ? { snapshot } : {}) });
}

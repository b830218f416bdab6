import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { startPglite, type Database } from './client';

function embeddedDatabaseDir(config: Pick<Config, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'db');
}

/** Whether the embedded database has never been opened (the first boot of this DATA_DIR). */
export function isFreshEmbeddedDatabase(config: Pick<Config, 'DATA_DIR'>): boolean {
  return !existsSync(path.join(embeddedDatabaseDir(config), 'PG_VERSION'));
}

/**
 * Starts DATA_DIR's database (see startPglite: statements wait until it is open and migrated). A fresh one
 * starts from `template` when the build made it (a migrated empty database, dist/db-template.tar.gz, that
 * loads faster than initialising one).
 */
export function startEmbeddedDatabase(
  config: Pick<Config, 'DATA_DIR'>,
  template: string,
): { database: Database; ready: Promise<void> } {
  const dataDir = embeddedDatabaseDir(config);
  const fresh = isFreshEmbeddedDatabase(config);
  const snapshot = fresh && existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
  return startPglite({ dataDir, ...(snapshot ? { snapshot } : {}) });
}

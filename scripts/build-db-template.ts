/**
 * Writes dist/db-template.tar.gz: an embedded database with every migration applied.
 * A new PGlite data directory takes ~2 s to initialise; loading this snapshot takes ~0.6 s, so the first
 * boot on an empty DATA_DIR starts from it (main.ts). Migrations still run at boot, so a template older
 * than the code only costs the newer migrations. Built by scripts/prepare.ts when the migrations change.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../src/server/db/client';

export const DB_TEMPLATE_PATH = path.resolve(import.meta.dirname, '../dist/db-template.tar.gz');

export async function buildDbTemplate(): Promise<void> {
  const started = performance.now();
  const database = await openPglite();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const snapshot = await client.dumpDataDir('gzip');
  await database.close();
  await mkdir(path.dirname(DB_TEMPLATE_PATH), { recursive: true });
  await writeFile(DB_TEMPLATE_PATH, Buffer.from(await snapshot.arrayBuffer()));
  console.log(
    `db template: ${DB_TEMPLATE_PATH} (${Math.round(snapshot.size / 1024)} KiB, ${Math.round(performance.now() - started)} ms)`,
  );
}

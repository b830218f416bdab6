import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../src/server/db/client';

/** The server as production builds it, on a bench's database, without the web app or logs. */
export async function benchApp(database: Database, dataDir: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
    // Production on PostgreSQL requires the Tea author key.
    TEA_AUTHOR_KEY: randomBytes(32).toString('hex'),
  });
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
}

/**
 * After a bench's seed, before anything is timed: statistics and the visibility map as autovacuum would leave them,
 * and the seed's dirty pages written out. Without the checkpoint, the one that PostgreSQL starts on its own after a
 * bulk load (1 000 000 members fill max_wal_size) flushed for minutes under the next benchmark: the full run of
 * 2026-11-27 12:39 had swipe p99 12.1 ms with record_swipe stalls of 17–57 ms, and 4.4 ms alone right after.
 */
export async function settleAfterSeed(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);
}

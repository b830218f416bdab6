import { randomBytes } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';

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

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, lockDataDir, openPglite, openPostgres, type Database } from './db/client';
import { seedDemoIfEmpty } from './db/seed/demo';
import { createLocalBackend, createRedisBackend } from './realtime/backend';

/** Built by `npm run build`: a migrated empty database that loads faster than initialising one. */
const DB_TEMPLATE = path.resolve(import.meta.dirname, '../../dist/db-template.tar.gz');

async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.DATABASE_URL) return { database: await openPostgres(config.DATABASE_URL), release: () => {} };
  const release = lockDataDir(config.DATA_DIR);
  try {
    const dataDir = path.resolve(config.DATA_DIR, 'db');
    const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
    const snapshot = fresh && existsSync(DB_TEMPLATE) ? new Blob([await readFile(DB_TEMPLATE)]) : undefined;
    return { database: await openPglite({ dataDir, ...(snapshot ? { snapshot } : {}) }), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  // Without Redis, real-time delivery reaches only this process's sockets: fine for one instance.
  const realtime = config.REDIS_URL
    ? await createRedisBackend(config.REDIS_URL, pino({ level: config.LOG_LEVEL }).child({ component: 'realtime' }))
    : createLocalBackend();
  const app = await buildApp({ config, database, realtime });
  if (config.SEED === 'demo') {
    const seeded = await seedDemoIfEmpty(database.db, config);
    if (seeded) app.log.info({ users: seeded.users, login: seeded.login }, 'seeded the demo community');
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { database: database.kind, bootMs: Math.round(performance.now() - startedAt) },
    `Steep is ready on http://localhost:${config.PORT}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await realtime.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`steep: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});

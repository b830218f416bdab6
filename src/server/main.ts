import { spawn } from 'node:child_process';
import path from 'node:path';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, lockDataDir, openPostgres, type Database } from './db/client';
import { isFreshEmbeddedDatabase, startEmbeddedDatabase } from './db/embedded';
import { createLifecycle } from './http/lifecycle';
import { createLocalBackend, createRedisBackend } from './realtime/backend';

/** Built by `npm run build`: a migrated empty database that loads faster than initialising one. */
const DB_TEMPLATE = path.resolve(import.meta.dirname, '../../dist/db-template.tar.gz');
/** seed-main.ts beside this file: the sources run through tsx, the bundle as dist/server/seed-main.js. */
const SEED_ENTRY = path.join(import.meta.dirname, import.meta.url.endsWith('.ts') ? 'seed-main.ts' : 'seed-main.js');

/** Seeds a fresh embedded database in a child process (see seed-main.ts) while this one holds DATA_DIR's lock. */
function seedInChildProcess(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, SEED_ENTRY], { stdio: 'inherit', env: process.env });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`seeding the demo community failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** PostgreSQL opened and migrated; or the embedded database starting in its worker (`ready` says when it is open). */
async function startDatabase(
  config: Config,
): Promise<{ database: Database; ready: Promise<void>; release: () => void }> {
  if (config.DATABASE_URL) {
    return { database: await openPostgres(config.DATABASE_URL), ready: Promise.resolve(), release: () => {} };
  }
  const release = lockDataDir(config.DATA_DIR);
  try {
    if (config.SEED === 'demo' && isFreshEmbeddedDatabase(config)) await seedInChildProcess();
    return { ...startEmbeddedDatabase(config, DB_TEMPLATE), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = loadConfig();
  const { database, ready, release } = await startDatabase(config);
  // The app's modules load and its routes are built while PGlite opens in its worker thread.
  const { buildApp } = await import('./app');
  // Without Redis, real-time delivery reaches only this process's sockets: fine for one instance.
  const realtime = config.REDIS_URL
    ? await createRedisBackend(config.REDIS_URL, pino({ level: config.LOG_LEVEL }).child({ component: 'realtime' }))
    : createLocalBackend();
  // Shared limit buckets and /ready's Redis check. Commands fail fast while Redis is away (limits
  // fall back to this instance's own counts) instead of queueing in memory.
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        retryStrategy: (attempt: number) => Math.min(attempt * 200, 5_000),
        connectionName: 'steep-state',
      })
    : undefined;
  redis?.on('error', () => {});
  const lifecycle = createLifecycle();
  const app = await buildApp({ config, database, realtime, lifecycle, ...(redis ? { redis } : {}) });
  await ready;
  const { DEMO_LOGIN, DEMO_MODERATOR_LOGIN, seedDemoIfEmpty } = await import('./seed/demo');
  // Embedded first boots were seeded by the child process; this seeds PostgreSQL, or an embedded
  // directory whose seeding child did not finish.
  if (config.SEED === 'demo') {
    const seeded = await seedDemoIfEmpty(database.db, config);
    if (seeded)
      app.log.info(
        { users: seeded.users, login: seeded.login, moderatorLogin: seeded.moderatorLogin },
        'seeded the demo community',
      );
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const url =
    config.PUBLIC_URL ?? `http://localhost:${typeof address === 'object' && address ? address.port : config.PORT}`;
  app.log.info(
    { database: database.kind, bootMs: Math.round(performance.now() - startedAt) },
    `Steep is ready on ${url}`,
  );
  // The one line a person starting Steep needs, outside the JSON log stream.
  const logins =
    config.SEED === 'demo'
      ? ` · log in as ${DEMO_LOGIN.username} / ${DEMO_LOGIN.password} (moderator: ${DEMO_MODERATOR_LOGIN.username} / ${DEMO_MODERATOR_LOGIN.password})`
      : '';
  process.stdout.write(`\n  Steep is ready: ${url}${logins}\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Drain: /ready answers 503 so the load balancer sends new work elsewhere, sockets are told to
    // reconnect (1012), requests still arriving or in flight are served; then close and exit.
    lifecycle.drain();
    const drainMs = signal === 'SIGTERM' ? config.DRAIN_SECONDS * 1000 : 0;
    app.log.info({ signal, drainMs }, 'draining, then shutting down');
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    await app.close();
    await realtime.close();
    redis?.disconnect();
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

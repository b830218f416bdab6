/**
 * The embedded first boot's demo seeding, run by main.ts in a child process that exits before the server
 * opens the database: seeding grows PGlite's WebAssembly memory and the JS heap by about 100 MiB that a
 * process never hands back, so the server then starts at its idle size (docs/performance.md, memory).
 * Bundled beside main.js as dist/server/seed-main.js.
 */
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from './config';
import { startEmbeddedDatabase } from './db/embedded';
import { seedDemoIfEmpty } from './seed/demo';

const DB_TEMPLATE = path.resolve(import.meta.dirname, '../../dist/db-template.tar.gz');

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const { database, ready } = startEmbeddedDatabase(config, DB_TEMPLATE);
await ready;
try {
  const seeded = await seedDemoIfEmpty(database.db, config);
  if (seeded) log.info({ users: seeded.users }, 'seeded the demo community');
} finally {
  await database.close();
}

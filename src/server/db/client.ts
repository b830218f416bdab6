import { mkdirSync, openSync, readFileSync, writeFileSync, closeSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { repeatableSql } from './repeatable';
import { asPglite, startPgliteWorker, type PgliteClient } from './pglite-proxy';
import { installStatementWriter } from './statement-writer';
import { followTransactions } from './transaction-end';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Whether `db` is a PostgreSQL handle (told by its class, as a transaction's is: not PGlite's), where a
 * named statement is parsed once per connection and its plan kept; PGlite's driver ignores the name and
 * plans every statement anew. For the statements written differently for a plan made without their
 * values (discovery's).
 */
export function onPostgres(db: Db): boolean {
  return !(db instanceof PgliteDatabase || db instanceof PgliteTransaction);
}

const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');
/** Any constant works; all instances must agree on it so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_420_115;

export class DataDirLockedError extends Error {}

/**
 * PGlite takes no lock on its data directory, and two processes writing one corrupt it.
 * This lock file holds the owner's pid; a lock whose owner is gone is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'steep.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Another Steep process (pid ${owner}) is using the embedded database in ${dataDir}. ` +
            'Stop it first, or set DATABASE_URL to use PostgreSQL for more than one instance.',
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const drizzleOptions = { schema, casing: 'snake_case' } as const;

/** The dialect a handle writes its statements with (Drizzle keeps it internal). */
const dialectOf = (db: Db) => (db as unknown as { dialect: PgDialect }).dialect;

/**
 * A fragment without values, written to SQL text once, as the databases write it (the same casing): for a
 * fragment a statement repeats many times, where writing it from its parts on every request costs CPU.
 */
export function writtenOnce(fragment: SQL): SQL {
  const { sql: text, params } = new PgDialect({ casing: drizzleOptions.casing }).sqlToQuery(fragment);
  if (params.length > 0) throw new Error('writtenOnce: the fragment has values');
  return sql.raw(text);
}

/**
 * PGlite zeroes its whole buffer pool at start: PostgreSQL's default 128 MB was ~150 MiB of resident
 * memory before the first query. Pages it does not hold are read through the file system (the OS page
 * cache), so a small pool costs little for one process's data; temp and WAL buffers sized alike.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'temp_buffers = 2MB', 'wal_buffers = 512kB'];

/**
 * Writes a snapshot (PGlite's gzipped tar of its data directory, as dumpDataDir makes it) into an empty
 * directory. PGlite can load one itself, but unpacks it whole in its worker's heap, and that thread's
 * allocator keeps ~100 MiB of it for the life of the process; here it is one buffer, freed at once.
 */
async function unpackSnapshot(snapshot: Blob, dataDir: string): Promise<void> {
  const tar = gunzipSync(Buffer.from(await snapshot.arrayBuffer()));
  const text = (start: number, length: number) => {
    const field = tar.subarray(start, start + length);
    const end = field.indexOf(0);
    return field.subarray(0, end === -1 ? length : end).toString('utf8');
  };
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = text(offset, 100);
    if (!name) break;
    const prefix = text(offset + 345, 155);
    const relative = path.normalize(`${prefix ? `${prefix}/` : ''}${name}`).replace(/^(\.\.(\/|$)|\/)+/, '');
    const size = parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1) || '0';
    const target = path.join(dataDir, relative);
    if (type === '5') {
      mkdirSync(target, { recursive: true, mode: 0o700 });
    } else if (type === '0') {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, tar.subarray(offset + 512, offset + 512 + size), { mode: 0o600 });
    } else {
      throw new Error(`Unsupported entry type ${type} for ${relative} in the database snapshot`);
    }
    offset += 512 + Math.ceil(size / 512) * 512;
  }
}

/**
 * An embedded database: a directory, a snapshot (tests), or memory when neither is given. PGlite runs
 * in a worker thread (pglite-proxy.ts); `db.$client` is its proxy, with query, exec and dumpDataDir.
 */
export async function openPglite(options: { dataDir?: string; snapshot?: Blob } = {}): Promise<Database> {
  const { database, ready } = startPglite(options);
  await ready;
  return database;
}

/**
 * The same, returned at once: PGlite starts and migrates in its worker thread while the caller goes on
 * (the server builds its app meanwhile, so a restart pays for the two side by side, not one after the
 * other). Statements issued before `ready` wait for it; `ready` rejects if opening or migrating fails.
 */
export function startPglite(options: { dataDir?: string; snapshot?: Blob } = {}): {
  database: Database;
  ready: Promise<void>;
} {
  const started = (async () => {
    if (options.dataDir && options.snapshot) await unpackSnapshot(options.snapshot, options.dataDir);
    return startPgliteWorker({
      ...(options.dataDir ? { dataDir: options.dataDir } : options.snapshot ? { snapshot: options.snapshot } : {}),
      postgresqlconf: PGLITE_SETTINGS,
    });
  })();
  const ready = started.then(async (client) => {
    try {
      const migrator = drizzlePglite({ client: asPglite(client), ...drizzleOptions });
      await migratePglite(migrator as never, { migrationsFolder: MIGRATIONS_FOLDER });
      for (const { text } of repeatableSql()) await client.exec(text);
    } catch (error) {
      await client.close();
      throw error;
    }
    return client;
  });
  // Unobserved until someone awaits `ready` or issues a statement; never an unhandled rejection.
  ready.catch(() => {});
  const client = afterReady(ready);
  const db = drizzlePglite({ client: asPglite(client), ...drizzleOptions }) as unknown as Db;
  installStatementWriter(dialectOf(db));
  followTransactions(db);
  return {
    database: {
      db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        const opened = await started.catch(() => undefined);
        await opened?.close();
      },
    },
    ready: ready.then(() => undefined),
  };
}

/** A client whose statements wait for `ready`, then go straight to the worker's client (no extra tick). */
function afterReady(ready: Promise<PgliteClient>): PgliteClient {
  let client: PgliteClient | undefined;
  void ready.then((opened) => (client = opened)).catch(() => {});
  const opened = () => (client ? Promise.resolve(client) : ready);
  return {
    query: (text, params, options) =>
      client ? client.query(text, params, options) : opened().then((c) => c.query(text, params, options)),
    exec: (text, options) => (client ? client.exec(text, options) : opened().then((c) => c.exec(text, options))),
    transaction: (callback) => (client ? client.transaction(callback) : opened().then((c) => c.transaction(callback))),
    dumpDataDir: (compression) => opened().then((c) => c.dumpDataDir(compression)),
    close: () => opened().then((c) => c.close()),
  };
}

/** The PostgreSQL driver loads only in PostgreSQL mode: the embedded default does not pay its memory. */
async function postgresDriver() {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg, drizzlePg: drizzle, migratePg: migrate };
}

export async function openPostgres(url: string, options: { poolSize?: number } = {}): Promise<Database> {
  await migratePostgres(url);
  const { pg, drizzlePg } = await postgresDriver();
  // A bounded connect wait: with the database down, a request answers 503 instead of hanging.
  // JIT off: every statement here is a short OLTP query, and a plan whose estimate crosses
  // jit_above_cost (discovery with thousands of swipes) spent ~130 ms compiling to save none.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    options: '-c jit=off',
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A checked-out client (between two statements of a transaction) has no pool listener: without
  // this, a database restart (57P01) would be an unhandled 'error' event and crash the process.
  // The statement in flight fails on its own and the request answers 503.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg({ client: pool, ...drizzleOptions }) as unknown as Db;
  installStatementWriter(dialectOf(db));
  // The row caches evict again when a transaction has ended (db/caches.ts).
  followTransactions(db);
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Several instances may boot at once against one database: an advisory lock serialises migrations. */
async function migratePostgres(url: string): Promise<void> {
  const { pg, drizzlePg, migratePg } = await postgresDriver();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, ...drizzleOptions }), { migrationsFolder: MIGRATIONS_FOLDER });
    for (const { text } of repeatableSql()) await client.query(text);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

import { PgTransaction } from 'drizzle-orm/pg-core';
import { Lru, type LruOptions } from '../lib/lru';
import type { Db } from './client';

/**
 * The caches this process keeps of one database, each a bounded `Lru` (src/server/lib/lru.ts), and
 * the rule for their invalidation: the code that writes a row evicts it, through whichever handle it
 * holds. A write inside `db.transaction` evicts from the caches of `db` (at the write, and again when
 * the transaction ends, committed or not); a transaction handle never reads from nor fills a cache,
 * so nothing uncommitted is ever stored. (When each handle had caches of its own, a suspension
 * written inside a transaction left the member's cached row behind.)
 *
 * Two kinds, see docs/decisions/0007-embedded-read-caches.md:
 * - `processCache`: rows that any write may change. Only in embedded mode, where the data-directory
 *   lock makes this process the database's only writer. With DATABASE_URL another instance may write
 *   at any time, so it is undefined there and every read goes to PostgreSQL.
 * - `databaseCache`: facts that never change once written, or that every use re-checks in the
 *   statement it runs (so a stale entry costs a miss, never a wrong answer). In both modes.
 */

type Cacheable = NonNullable<unknown>;

/** What callers use of a cache; a transaction handle gets one that only evicts. */
type DbCache<V extends Cacheable> = Pick<Lru<V>, 'get' | 'readToken' | 'set' | 'delete' | 'deleteWhere'>;

interface Registry {
  singleWriter: boolean;
  caches: Map<string, Lru<Cacheable>>;
}

/** Evictions made inside a transaction, repeated when it ends. */
type Pending = Array<() => void>;

const roots = new WeakMap<Db, Registry>();
const transactions = new WeakMap<Db, { registry: Registry; pending: Pending }>();

/**
 * Called once by `buildApp` for its database. `singleWriter`: embedded mode, where `processCache`
 * is on. A handle never registered (a test's own database) gets a registry on first use.
 */
export function registerDatabase(db: Db, options: { singleWriter: boolean }): void {
  rootRegistry(db).singleWriter = options.singleWriter;
}

function rootRegistry(db: Db): Registry {
  let registry = roots.get(db);
  if (!registry) {
    registry = { singleWriter: false, caches: new Map() };
    roots.set(db, registry);
    watchTransactions(db, registry);
  }
  return registry;
}

type Transaction = Db['transaction'];

/** Every transaction begun from `db` (or nested in one) is known as `db`'s, whatever the driver. */
function watchTransactions(db: Db, registry: Registry): void {
  const begin: Transaction = db.transaction.bind(db);
  db.transaction = (run, config) => {
    const pending: Pending = [];
    return begin((tx) => {
      adopt(tx, registry, pending);
      return run(tx);
    }, config).finally(() => {
      for (const evict of pending) evict();
    });
  };
}

function adopt(tx: Db, registry: Registry, pending: Pending): void {
  transactions.set(tx, { registry, pending });
  const nest: Transaction = tx.transaction.bind(tx);
  tx.transaction = (run, config) =>
    nest((inner) => {
      adopt(inner, registry, pending);
      return run(inner);
    }, config);
}

function cacheOf<V extends Cacheable>(
  db: Db,
  name: string,
  options: LruOptions,
  enabled: (registry: Registry) => boolean,
): DbCache<V> | undefined {
  const inTransaction = transactions.get(db);
  // A transaction begun before its database was registered: nothing of it can be cached either.
  if (!inTransaction && db instanceof PgTransaction) return undefined;
  const registry = inTransaction?.registry ?? rootRegistry(db);
  if (!enabled(registry)) return undefined;
  let cache = registry.caches.get(name);
  if (!cache) registry.caches.set(name, (cache = new Lru(options)));
  const shared = cache as unknown as Lru<V>;
  if (!inTransaction) return shared;
  const { pending } = inTransaction;
  return {
    get: () => undefined,
    readToken: () => shared.readToken(),
    set: () => {},
    delete: (key) => {
      shared.delete(key);
      pending.push(() => shared.delete(key));
    },
    deleteWhere: (matches) => {
      shared.deleteWhere(matches);
      pending.push(() => shared.deleteWhere(matches));
    },
  };
}

/** Rows any write may change: embedded mode only (undefined on PostgreSQL). */
export function processCache<V extends Cacheable>(
  db: Db,
  name: string,
  options: LruOptions = { max: 50_000 },
): DbCache<V> | undefined {
  return cacheOf<V>(db, name, options, (registry) => registry.singleWriter);
}

/** Facts that never change, or that every use re-checks: both modes. */
export function databaseCache<V extends Cacheable>(db: Db, name: string, options: LruOptions): DbCache<V> | undefined {
  return cacheOf<V>(db, name, options, () => true);
}

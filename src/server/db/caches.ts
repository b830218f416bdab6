import { PgTransaction } from 'drizzle-orm/pg-core';
import { Lru, type LruOptions } from '../lib/lru';
import type { Db } from './client';

/**
 * The caches this process keeps of one database, each a bounded `Lru` (src/server/lib/lru.ts). One
 * `DbCaches` is made for the app's database by app.ts (`createAppContext`) and handed, like the
 * database itself, to the code that keeps a cache: core (member rows, sessions), profiles (her photo
 * URLs), chat's repository (remembered pairs), badges (earned sets). Nothing finds it by itself.
 *
 * Invalidation: the code that writes a row evicts it, through whichever handle it holds. `cache.on(handle)`
 * is the cache itself on the database's own handle; on a transaction's handle it is a view that only
 * evicts: nothing is read from or stored into a cache inside a transaction, so nothing uncommitted is
 * ever cached, and the write's eviction reaches the shared cache at once. That one eviction is enough:
 * - `processCache` exists only in embedded mode, where PGlite holds its transaction lock from BEGIN to
 *   COMMIT: a read from outside waits for the end and sees what committed, and a read that began before
 *   the eviction took a read token, which makes the cache refuse what it read.
 * - `databaseCache` holds facts that never change once written, or that every use re-checks in the
 *   statement it runs, so an entry filled again before a commit costs a miss, never a wrong answer.
 *
 * Two kinds, see docs/decisions/0007-embedded-read-caches.md:
 * - `processCache`: rows that any write may change. Only in embedded mode, where the data-directory
 *   lock makes this process the database's only writer. With DATABASE_URL another instance may write
 *   at any time, so it is undefined there and every read goes to PostgreSQL.
 * - `databaseCache`: facts as above. In both modes.
 */

type Cacheable = NonNullable<unknown>;

const isTransaction = (handle: Db): boolean => handle instanceof PgTransaction;

/** What callers use of a cache through one handle. */
type DbCache<V extends Cacheable> = Pick<Lru<V>, 'get' | 'readToken' | 'set' | 'delete' | 'deleteWhere'>;

/** One named cache of the database, used through the handle a statement runs on. */
export class SharedCache<V extends Cacheable> {
  private readonly evictOnly: DbCache<V>;

  constructor(private readonly lru: Lru<V>) {
    this.evictOnly = {
      get: () => undefined,
      readToken: () => lru.readToken(),
      set: () => {},
      delete: (key) => lru.delete(key),
      deleteWhere: (matches) => lru.deleteWhere(matches),
    };
  }

  /** The cache as a statement on `handle` may use it: evict-only inside a transaction. */
  on(handle: Db): DbCache<V> {
    return isTransaction(handle) ? this.evictOnly : this.lru;
  }
}

export class DbCaches {
  private readonly named = new Map<string, SharedCache<Cacheable>>();
  private readonly statements = new Map<string, unknown>();

  /** `singleWriter`: embedded mode, where `processCache` is on. */
  constructor(readonly singleWriter: boolean) {}

  /** Rows any write may change: embedded mode only (undefined on PostgreSQL). */
  processCache<V extends Cacheable>(name: string, options: LruOptions = { max: 50_000 }): SharedCache<V> | undefined {
    return this.singleWriter ? this.cache<V>(name, options) : undefined;
  }

  /** Facts that never change, or that every use re-checks: both modes. */
  databaseCache<V extends Cacheable>(name: string, options: LruOptions): SharedCache<V> {
    return this.cache<V>(name, options);
  }

  /**
   * A hot read prepared once: `build` makes it on `handle` (a Drizzle `.prepare(name)`), the first time
   * this database's own handle asks; later calls run it without building its SQL again, and on
   * PostgreSQL as a named statement each pooled connection parses once. Building a query per request
   * cost more CPU than the round trip (decision 0007). A transaction's handle gets a fresh one.
   */
  prepared<T>(name: string, handle: Db, build: (handle: Db) => T): T {
    if (isTransaction(handle)) return build(handle);
    let statement = this.statements.get(name) as T | undefined;
    if (statement === undefined) this.statements.set(name, (statement = build(handle)));
    return statement;
  }

  private cache<V extends Cacheable>(name: string, options: LruOptions): SharedCache<V> {
    let cache = this.named.get(name);
    if (!cache) this.named.set(name, (cache = new SharedCache(new Lru<Cacheable>(options))));
    return cache as unknown as SharedCache<V>;
  }
}

/** The caches of one database; `singleWriter` when this process is its only writer (embedded mode). */
export function createCaches(options: { singleWriter: boolean }): DbCaches {
  return new DbCaches(options.singleWriter);
}

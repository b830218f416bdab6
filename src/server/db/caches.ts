import { PgTransaction } from 'drizzle-orm/pg-core';
import { Lru, type LruOptions } from '../lib/lru';
import type { Db } from './client';
import { whenTransactionEnds } from './transaction-end';

/**
 * The caches this process keeps of one database, each a bounded `Lru` (src/server/lib/lru.ts). One
 * `DbCaches` is made for the app's database by app.ts (`createAppContext`) and handed, like the
 * database itself, to the code that keeps a cache: core (member rows, sessions), profiles (her photo
 * URLs), chat's repository (remembered pairs), badges (earned sets). Nothing finds it by itself.
 *
 * Invalidation: the code that writes a row evicts it, through whichever handle it holds. `cache.on(handle)`
 * is the cache itself on the database's own handle; on a transaction's handle it is a view that only
 * evicts: nothing is read from or stored into a cache inside a transaction, so nothing uncommitted is
 * ever cached, and the write's eviction reaches the shared cache at once. A filler takes a read token
 * before it reads, so a read that began before an eviction cannot store what it read.
 *
 * Two kinds, see docs/decisions/0007-embedded-read-caches.md:
 * - `processCache`: rows that any write may change (sessions, member rows, her photos). In embedded mode
 *   the data-directory lock makes this process the only writer, and PGlite holds its transaction lock
 *   from BEGIN to COMMIT, so a read from outside sees what committed: one eviction is enough. On
 *   PostgreSQL other instances write too, and a read does not wait for another connection's commit, so
 *   every eviction is also published to the other instances (`shareEvictions`), a transaction's
 *   evictions run again once it has ended, and the cache serves nothing while evictions from other
 *   instances could go unheard (decision 0007, "Row caches on PostgreSQL").
 * - `databaseCache`: facts that never change once written, or that every use re-checks in the
 *   statement it runs, so an entry filled again before a commit costs a miss, never a wrong answer.
 *   Both modes, nothing published.
 */

type Cacheable = NonNullable<unknown>;

const isTransaction = (handle: Db): boolean => handle instanceof PgTransaction;

/** What callers use of a cache through one handle. */
type DbCache<V extends Cacheable> = Pick<Lru<V>, 'get' | 'readToken' | 'set' | 'delete' | 'deleteWhere'>;

/**
 * How the row caches of one database hear of writes made by other instances (app.ts backs it with the
 * real-time bus: Redis pub/sub between instances, a function call in one process).
 */
export interface EvictionChannel {
  /** Tells the other instances that these keys of the named cache were written. */
  publish(cache: string, keys: string[]): void;
  /** Evictions published by other instances (an instance may also hear its own: deleting twice is harmless). */
  subscribe(listener: (cache: string, keys: string[]) => void): () => void;
  /** Evictions may have been lost (the broker connection dropped and came back). */
  onGap(listener: () => void): () => void;
  /** Whether evictions from other instances are reaching this one now. */
  connected(): boolean;
  /** Settles once everything published so far has reached every other instance (or could not be sent). */
  delivered(): Promise<void>;
}

/**
 * How long a row cache on PostgreSQL serves an entry: bounds how stale it can be if an eviction from
 * another instance is lost on the way while both ends still look connected (a publish that failed).
 */
const SHARED_ROW_TTL_MS = 60_000;

/**
 * How long a response waits at most for its evictions to reach the broker. A broker that does not answer
 * delays write responses by this much; the entries' age then bounds how stale other instances can be.
 */
const DELIVERY_WAIT_MS = 1_000;

/** One named cache of the database, used through the handle a statement runs on. */
export class SharedCache<V extends Cacheable> {
  private readonly serving: DbCache<V>;
  private readonly bypass: DbCache<V>;

  constructor(
    private readonly lru: Lru<V>,
    /** Row caches: evictions also go to the other instances and again when a transaction ends. */
    private readonly shared?: { name: string; caches: DbCaches },
  ) {
    const deleteKey = (key: string) => {
      lru.delete(key);
      this.shared?.caches.publishEviction(this.shared.name, [key]);
    };
    this.serving = {
      get: (key) => lru.get(key),
      readToken: () => lru.readToken(),
      set: (key, value, token) => lru.set(key, value, token),
      delete: deleteKey,
      deleteWhere: (matches) => lru.deleteWhere(matches, deleteKey),
    };
    this.bypass = { ...this.serving, get: () => undefined, set: () => {} };
  }

  /**
   * The cache as a statement on `handle` may use it: evict-only inside a transaction, and while another
   * instance's writes may go unheard (a row cache before its channel is connected, or while it is down).
   */
  on(handle: Db): DbCache<V> {
    if (isTransaction(handle)) return this.inTransaction(handle);
    return this.shared && !this.shared.caches.serving() ? this.bypass : this.serving;
  }

  /** Applies evictions another instance published. */
  evict(keys: readonly string[]): void {
    for (const key of keys) this.lru.delete(key);
  }

  clear(): void {
    this.lru.clear();
  }

  /**
   * Evicts at once, and for a row cache once more when the outermost transaction has ended: on PostgreSQL a
   * read from outside does not wait for the commit, so it may have stored the old row in between.
   */
  private inTransaction(tx: Db): DbCache<V> {
    const deleteKey = (key: string) => {
      this.serving.delete(key);
      if (this.shared) whenTransactionEnds(tx, () => this.serving.delete(key));
    };
    return {
      ...this.bypass,
      delete: deleteKey,
      deleteWhere: (matches) => this.lru.deleteWhere(matches, deleteKey),
    };
  }
}

export class DbCaches {
  private readonly named = new Map<string, SharedCache<Cacheable>>();
  private readonly statements = new Map<string, unknown>();
  private channel: EvictionChannel | undefined;
  private delivery: Promise<void> | undefined;
  private unconfirmed: Promise<void> | undefined;

  /** `singleWriter`: embedded mode, where this process is the database's only writer. */
  constructor(readonly singleWriter: boolean) {}

  /**
   * Rows any write may change, evicted by the code that writes them. In embedded mode always served. On
   * PostgreSQL another instance may write at any time: served only while `shareEvictions`' channel is
   * connected, every eviction also published to the other instances (a response leaves once they have
   * it: `evictionsInFlight`), entries kept at most `sharedTtlMs` (a minute unless given).
   */
  processCache<V extends Cacheable>(
    name: string,
    options: LruOptions = { max: 50_000 },
    sharedTtlMs = SHARED_ROW_TTL_MS,
  ): SharedCache<V> {
    let cache = this.named.get(name);
    if (!cache) {
      const lruOptions = this.singleWriter ? options : { ttlMs: sharedTtlMs, ...options };
      const shared = { name, caches: this };
      cache = new SharedCache(new Lru<Cacheable>(lruOptions), this.singleWriter ? undefined : shared);
      this.named.set(name, cache);
    }
    return cache as unknown as SharedCache<V>;
  }

  /** Facts that never change, or that every use re-checks: both modes, nothing published. */
  databaseCache<V extends Cacheable>(name: string, options: LruOptions): SharedCache<V> {
    let cache = this.named.get(name);
    if (!cache) this.named.set(name, (cache = new SharedCache(new Lru<Cacheable>(options))));
    return cache as unknown as SharedCache<V>;
  }

  /**
   * Connects the row caches to the other instances (app.ts, once the real-time bus exists). Their evictions
   * arrive here; when some may have been lost, every row cache starts empty.
   */
  shareEvictions(channel: EvictionChannel): () => void {
    this.channel = channel;
    const stops = [
      channel.subscribe((name, keys) => this.named.get(name)?.evict(keys)),
      channel.onGap(() => {
        for (const cache of this.named.values()) cache.clear();
      }),
    ];
    return () => {
      if (this.channel === channel) this.channel = undefined;
      for (const stop of stops) stop();
    };
  }

  /** Whether row caches may answer reads now. */
  serving(): boolean {
    return this.singleWriter || this.channel?.connected() === true;
  }

  /** A row cache's eviction, for the other instances (nothing to tell in embedded mode). */
  publishEviction(name: string, keys: string[]): void {
    if (this.singleWriter || !this.channel) return;
    this.channel.publish(name, keys);
    // Everything published in one turn settles together: one bounded wait per batch, not per key.
    const delivery = this.channel.delivered();
    if (delivery === this.delivery) return;
    this.delivery = delivery;
    let timer: NodeJS.Timeout | undefined;
    const bounded = Promise.race([
      delivery,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, DELIVERY_WAIT_MS))),
    ]).finally(() => {
      clearTimeout(timer);
      if (this.unconfirmed === bounded) this.unconfirmed = undefined;
    });
    this.unconfirmed = bounded;
  }

  /**
   * Settles once the evictions published so far have reached the other instances (at most a second), or
   * undefined when none is on its way. app.ts holds every response until then: once a member sees her
   * write (a logout, a new bio) answered, no instance serves what it replaced.
   */
  evictionsInFlight(): Promise<void> | undefined {
    return this.unconfirmed;
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
}

/** The caches of one database; `singleWriter` when this process is its only writer (embedded mode). */
export function createCaches(options: { singleWriter: boolean }): DbCaches {
  return new DbCaches(options.singleWriter);
}

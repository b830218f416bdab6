import { LRUCache } from 'lru-cache';

export interface LruOptions {
  /** The most entries kept; storing one more drops the least recently used. */
  max: number;
  /**
   * How long an entry may be served after it was stored. Only for caches whose invalidation can be
   * missed (a notice from another instance lost on the way): the age bounds how stale an answer gets.
   */
  ttlMs?: number;
  /** The clock the age is measured with (tests); `performance.now` otherwise. */
  now?: () => number;
}

/**
 * The one in-memory cache of the server (docs/architecture.md, "Caches"): a bounded
 * least-recently-used map from string keys to values, built on `lru-cache`.
 *
 * A cache that is filled from the database races with the writes that evict it: a read that began
 * before a `delete` would otherwise store the value it read after the delete ran, and that stale
 * value would then be served until the next write. So a filler takes `readToken()` before reading
 * and passes it to `set`, which refuses the value if the key was deleted (or the cache cleared) in
 * between. The record of recent deletes is bounded too: when it drops the oldest, every read that
 * began before that delete is refused as well, which costs a cache miss and never a stale answer.
 */
export class Lru<V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<string, V>;
  /** Key → the clock value of its last delete, oldest first (a Map keeps insertion order). */
  private readonly deletes = new Map<string, number>();
  private clock = 0;
  /** Reads that began before this clock value may have missed a delete that is no longer recorded. */
  private floor = 0;

  constructor(private readonly options: LruOptions) {
    this.entries = new LRUCache<string, V>({
      max: options.max,
      ...(options.ttlMs === undefined ? {} : { ttl: options.ttlMs, ttlAutopurge: false, ttlResolution: 0 }),
      ...(options.now ? { perf: { now: options.now } } : {}),
    });
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Take before reading what will be stored; pass to `set` after. */
  readToken(): number {
    return this.clock;
  }

  /** Stores `value`, unless a delete of `key` (or a clear) ran since `readToken` was taken. */
  set(key: string, value: V, readToken?: number): void {
    if (readToken !== undefined && (readToken < this.floor || (this.deletes.get(key) ?? -1) > readToken)) return;
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.clock += 1;
    this.deletes.delete(key);
    this.deletes.set(key, this.clock);
    if (this.deletes.size > this.options.max) {
      const [oldestKey, oldestClock] = this.deletes.entries().next().value as [string, number];
      this.deletes.delete(oldestKey);
      this.floor = Math.max(this.floor, oldestClock);
    }
  }

  /**
   * Deletes every entry `matches` picks (for evictions by something other than the key), each through
   * `remove` when given (a shared cache also tells other instances).
   */
  deleteWhere(
    matches: (value: V, key: string) => boolean,
    remove: (key: string) => void = (key) => this.delete(key),
  ): void {
    const doomed: string[] = [];
    for (const [key, value] of this.entries.entries()) if (matches(value, key)) doomed.push(key);
    for (const key of doomed) remove(key);
  }

  clear(): void {
    this.entries.clear();
    this.deletes.clear();
    this.clock += 1;
    this.floor = this.clock;
  }
}

import type { Db } from './client';

/**
 * Read-through caches kept in this process's memory, per database handle.
 *
 * They are switched on only in embedded mode: the data-directory lock makes this process the only
 * writer of the database, so every write passes through the services that evict what they change.
 * With DATABASE_URL another instance may write at any time, so there are no caches and every read
 * goes to PostgreSQL. See docs/decisions/0007-embedded-read-caches.md.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  /** Bumped by every delete: a read that began before a write must not store what it read. */
  private readonly versions = new Map<string, number>();

  constructor(private readonly maxEntries: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Take before reading the database; pass to `set` after. */
  version(key: string): number {
    return this.versions.get(key) ?? 0;
  }

  set(key: string, value: V, readAtVersion: number = this.version(key)): void {
    if (readAtVersion !== this.version(key)) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    // Maps iterate in insertion order: the first key is the least recently stored.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.versions.set(key, this.version(key) + 1);
  }

  clear(): void {
    for (const key of this.entries.keys()) this.versions.set(key, this.version(key) + 1);
    this.entries.clear();
  }
}

const registry = new WeakMap<Db, Map<string, BoundedCache<unknown>>>();

export function enableProcessCaches(db: Db): void {
  if (!registry.has(db)) registry.set(db, new Map());
}

/** The named cache of this database, or undefined when caching is off (PostgreSQL). */
export function processCache<V>(db: Db, name: string, maxEntries = 50_000): BoundedCache<V> | undefined {
  const caches = registry.get(db);
  if (!caches) return undefined;
  let cache = caches.get(name);
  if (!cache) caches.set(name, (cache = new BoundedCache<unknown>(maxEntries)));
  return cache as BoundedCache<V>;
}

/** For writers outside the services (tests editing rows with SQL): forget everything cached. */
export function clearProcessCaches(db: Db): void {
  for (const cache of registry.get(db)?.values() ?? []) cache.clear();
}

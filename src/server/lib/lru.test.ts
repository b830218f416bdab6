import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps at most `max` entries, dropping the least recently used', () => {
    const cache = new Lru<number>({ max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now more recent than b
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('serves an entry for ttlMs after it was stored, and not after', () => {
    let now = 1_000;
    const cache = new Lru<string>({ max: 10, ttlMs: 100, now: () => now });
    cache.set('k', 'v');
    now += 100;
    expect(cache.get('k')).toBe('v');
    now += 1;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.has('k')).toBe(false);
  });

  it('refuses a value read before a delete of its key', () => {
    const cache = new Lru<string>({ max: 10 });
    const token = cache.readToken();
    cache.delete('k'); // a write evicted it while the read was under way
    cache.set('k', 'stale', token);
    expect(cache.get('k')).toBeUndefined();
    // A read that began after the delete is stored.
    cache.set('k', 'fresh', cache.readToken());
    expect(cache.get('k')).toBe('fresh');
  });

  it('does not let a delete of another key refuse a read', () => {
    const cache = new Lru<string>({ max: 10 });
    const token = cache.readToken();
    cache.delete('other');
    cache.set('k', 'v', token);
    expect(cache.get('k')).toBe('v');
  });

  it('refuses every read that began before a clear', () => {
    const cache = new Lru<string>({ max: 10 });
    cache.set('a', '1');
    const token = cache.readToken();
    cache.clear();
    cache.set('b', 'stale', token);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps its record of deletes bounded, refusing what it can no longer tell apart', () => {
    const cache = new Lru<string>({ max: 2 });
    const early = cache.readToken();
    cache.delete('k');
    // Two more deletes push the record of 'k' out: a read from before it is refused all the same.
    cache.delete('x');
    cache.delete('y');
    cache.set('k', 'stale', early);
    expect(cache.get('k')).toBeUndefined();
    const late = cache.readToken();
    cache.delete('z');
    cache.set('k', 'fresh', late);
    expect(cache.get('k')).toBe('fresh');
  });

  it('deletes by value, and refuses reads of those keys that began before', () => {
    const cache = new Lru<{ owner: string }>({ max: 10 });
    cache.set('m1', { owner: 'ana' });
    cache.set('m2', { owner: 'bea' });
    const token = cache.readToken();
    cache.deleteWhere((value) => value.owner === 'ana');
    expect(cache.get('m1')).toBeUndefined();
    expect(cache.get('m2')).toEqual({ owner: 'bea' });
    cache.set('m1', { owner: 'ana' }, token);
    expect(cache.get('m1')).toBeUndefined();
  });

  it('stores unconditionally without a token', () => {
    const cache = new Lru<string>({ max: 10 });
    cache.delete('k');
    cache.set('k', 'v');
    expect(cache.get('k')).toBe('v');
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedSession, cachedUser, findUserCached, sessionTokenHash, updateUser } from '../core';
import { insertMember, openTestDatabase } from '../test/direct';
import { createTestApp, signUp, type TestApp } from '../test/harness';
import { createCaches } from './caches';
import type { Database } from './client';

describe('caches of a database and its transactions', () => {
  let database: Database;
  const caches = createCaches({ singleWriter: true });

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('evicts from the database’s cache what a transaction writes, and never reads or fills it there', async () => {
    const { db } = database;
    const cache = caches.processCache<{ v: number }>('tx-evict');
    cache.on(db).set('k', { v: 1 });
    await db.transaction(async (tx) => {
      const inTx = caches.processCache<{ v: number }>('tx-evict').on(tx);
      expect(inTx.get('k')).toBeUndefined();
      inTx.set('other', { v: 2 });
      inTx.delete('k');
    });
    expect(cache.on(db).get('k')).toBeUndefined();
    expect(cache.on(db).get('other')).toBeUndefined();
  });

  it('evicts from nested transactions at once, even when they roll back', async () => {
    const { db } = database;
    const cache = caches.databaseCache<{ v: number }>('tx-nested', { max: 10 });
    cache.on(db).set('k', { v: 1 });
    await expect(
      db.transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          cache.on(inner).delete('k');
        });
        expect(cache.on(db).get('k')).toBeUndefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(cache.on(db).get('k')).toBeUndefined();
  });

  it('lets no read from outside a transaction store what the transaction replaces (PGlite holds it until the end)', async () => {
    const { db } = database;
    const member = await insertMember(db);
    expect((await findUserCached(db, caches, member.id))?.bio).toBe(member.bio);
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await updateUser(tx, caches, member.id, { bio: 'changed in the transaction' });
      // Asked while the transaction is open: it waits for the commit, then reads and caches the new row.
      outside = findUserCached(db, caches, member.id);
    });
    expect(await outside).toMatchObject({ bio: 'changed in the transaction' });
    expect((await findUserCached(db, caches, member.id))?.bio).toBe('changed in the transaction');

    await expect(
      db.transaction(async (tx) => {
        await updateUser(tx, caches, member.id, { bio: 'rolled back' });
        outside = findUserCached(db, caches, member.id);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toMatchObject({ bio: 'changed in the transaction' });
    expect((await findUserCached(db, caches, member.id))?.bio).toBe('changed in the transaction');
  });
});

/** A stand-in for the real-time bus between instances: what this instance published, and a way to deliver. */
function fakeChannel() {
  const listeners: Array<(cache: string, keys: string[]) => void> = [];
  const gaps: Array<() => void> = [];
  let delivery: Promise<void> | undefined;
  let confirm = () => {};
  const channel = {
    up: true,
    published: [] as Array<[string, string[]]>,
    publish: (cache: string, keys: string[]) => void channel.published.push([cache, keys]),
    subscribe: (listener: (cache: string, keys: string[]) => void) => (listeners.push(listener), () => {}),
    onGap: (listener: () => void) => (gaps.push(listener), () => {}),
    connected: () => channel.up,
    delivered: () =>
      (delivery ??= new Promise<void>((resolve) => {
        confirm = () => {
          delivery = undefined;
          resolve();
        };
      })),
    /** The broker answering what was published so far. */
    confirm: () => confirm(),
    /** Another instance's eviction arriving. */
    deliver: (cache: string, keys: string[]) => listeners.forEach((l) => l(cache, keys)),
    gap: () => gaps.forEach((g) => g()),
  };
  return channel;
}

describe('row caches with more than one writer (PostgreSQL)', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('serve nothing until evictions are shared, nor while other instances could go unheard', () => {
    const caches = createCaches({ singleWriter: false });
    const rows = caches.processCache<{ v: number }>('rows');
    rows.on(database.db).set('k', { v: 1 });
    expect(rows.on(database.db).get('k')).toBeUndefined();

    const channel = fakeChannel();
    caches.shareEvictions(channel);
    rows.on(database.db).set('k', { v: 1 });
    expect(rows.on(database.db).get('k')).toEqual({ v: 1 });
    channel.up = false;
    expect(rows.on(database.db).get('k')).toBeUndefined();
    channel.up = true;
    // Back after a gap: whatever was missed meanwhile, nothing from before is served.
    channel.gap();
    expect(rows.on(database.db).get('k')).toBeUndefined();
  });

  it("publish what they evict, and take other instances' evictions, refusing a read begun before one", () => {
    const caches = createCaches({ singleWriter: false });
    const channel = fakeChannel();
    caches.shareEvictions(channel);
    const rows = caches.processCache<{ v: number }>('rows').on(database.db);
    rows.set('a', { v: 1 });
    rows.delete('a');
    expect(channel.published).toEqual([['rows', ['a']]]);

    rows.set('b', { v: 1 });
    channel.deliver('rows', ['b']);
    expect(rows.get('b')).toBeUndefined();
    const token = rows.readToken();
    channel.deliver('rows', ['b']);
    rows.set('b', { v: 2 }, token);
    expect(rows.get('b')).toBeUndefined();
    // Facts caches tell no one.
    caches.databaseCache<{ v: number }>('facts', { max: 10 }).on(database.db).delete('x');
    expect(channel.published).toHaveLength(1);
  });

  it('say when what they published has reached the other instances, waiting a second at most', async () => {
    const caches = createCaches({ singleWriter: false });
    const channel = fakeChannel();
    caches.shareEvictions(channel);
    const rows = caches.processCache<{ v: number }>('rows').on(database.db);
    expect(caches.evictionsInFlight()).toBeUndefined();
    rows.delete('a');
    rows.delete('b');
    const first = caches.evictionsInFlight();
    let settled = false;
    void first?.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    channel.confirm();
    await first;
    expect(caches.evictionsInFlight()).toBeUndefined();

    // A broker that never answers holds responses a second, no longer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      rows.delete('c');
      const second = caches.evictionsInFlight();
      vi.advanceTimersByTime(1_000);
      await second;
      expect(caches.evictionsInFlight()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('evict what a transaction wrote once more when the outermost transaction has ended', async () => {
    const caches = createCaches({ singleWriter: false });
    const channel = fakeChannel();
    caches.shareEvictions(channel);
    const rows = caches.processCache<{ v: number }>('rows');
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        rows.on(inner).delete('k');
      });
      // On PostgreSQL a read from outside does not wait for the commit: it may store the row the
      // transaction is replacing, after the eviction.
      rows.on(db).set('k', { v: 0 }, rows.on(db).readToken());
      expect(rows.on(db).get('k')).toEqual({ v: 0 });
    });
    expect(rows.on(db).get('k')).toBeUndefined();
    expect(channel.published).toEqual([
      ['rows', ['k']],
      ['rows', ['k']],
    ]);
  });
});

describe('the cached /me row after a write inside a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows her new email at once (set in a transaction with its code)', async () => {
    const ana = await signUp(t.app);
    expect((await ana.request('GET', '/api/auth/me')).json().email).toBe(ana.user.email);
    const set = await ana.request('POST', '/api/account/email', {
      email: 'ana.new@example.com',
      currentPassword: 'Secret_123',
    });
    expect(set.statusCode, set.body).toBe(202);
    const me = (await ana.request('GET', '/api/auth/me')).json();
    expect(me).toMatchObject({ email: 'ana.new@example.com', emailVerified: false });
  });

  it('answers /me from memory on either database once it has read her session and her row', async () => {
    const { db, caches } = t.context;
    const bea = await signUp(t.app);
    expect((await bea.request('GET', '/api/auth/me')).statusCode).toBe(200);
    expect(cachedUser(db, caches, bea.user.id)?.id).toBe(bea.user.id);
    const token = decodeURIComponent(bea.cookie.slice(bea.cookie.indexOf('=') + 1));
    expect(cachedSession(db, caches, sessionTokenHash(token)!)?.userId).toBe(bea.user.id);
  });

  it('never keeps the row a transaction replaced, whatever a read from outside saw while it was open', async () => {
    const { db, caches } = t.context;
    const member = await signUp(t.app);
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await updateUser(tx, caches, member.user.id, { bio: 'written in the transaction' });
      // PGlite answers this after the commit; PostgreSQL at once, with the row as it was.
      outside = findUserCached(db, caches, member.user.id);
      if (t.database.kind === 'postgres') await outside;
    });
    await outside;
    expect((await findUserCached(db, caches, member.user.id))?.bio).toBe('written in the transaction');
    expect((await member.request('GET', '/api/auth/me')).json().bio).toBe('written in the transaction');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserCached, updateUser } from '../core';
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
    cache?.on(db).set('k', { v: 1 });
    await db.transaction(async (tx) => {
      const inTx = caches.processCache<{ v: number }>('tx-evict')?.on(tx);
      expect(inTx).toBeDefined();
      expect(inTx?.get('k')).toBeUndefined();
      inTx?.set('other', { v: 2 });
      inTx?.delete('k');
    });
    expect(cache?.on(db).get('k')).toBeUndefined();
    expect(cache?.on(db).get('other')).toBeUndefined();
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

  it('has no row caches with more than one possible writer', () => {
    const shared = createCaches({ singleWriter: false });
    expect(shared.processCache('users')).toBeUndefined();
    expect(shared.databaseCache('pairs', { max: 10 })).toBeDefined();
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
    const set = await ana.request('POST', '/api/account/email', { email: 'ana.new@example.com' });
    expect(set.statusCode, set.body).toBe(202);
    const me = (await ana.request('GET', '/api/auth/me')).json();
    expect(me).toMatchObject({ email: 'ana.new@example.com', emailVerified: false });
  });
});

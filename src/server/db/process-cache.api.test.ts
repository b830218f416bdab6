import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/harness';
import { openPglite, type Database } from './client';
import { databaseCache, processCache, registerDatabase } from './process-cache';

describe('caches of a database and its transactions', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPglite();
    registerDatabase(database.db, { singleWriter: true });
  });
  afterAll(() => database.close());

  it('evicts from the database’s cache what a transaction writes, and never reads or fills it there', async () => {
    const { db } = database;
    const cache = processCache<{ v: number }>(db, 'tx-evict');
    cache?.set('k', { v: 1 });
    await db.transaction(async (tx) => {
      const inTx = processCache<{ v: number }>(tx, 'tx-evict');
      expect(inTx).toBeDefined();
      expect(inTx?.get('k')).toBeUndefined();
      inTx?.set('other', { v: 2 });
      inTx?.delete('k');
    });
    expect(cache?.get('k')).toBeUndefined();
    expect(cache?.get('other')).toBeUndefined();
  });

  it('evicts from nested transactions, and again when the transaction ends, even rolled back', async () => {
    const { db } = database;
    const cache = databaseCache<{ v: number }>(db, 'tx-nested', { max: 10 });
    cache?.set('k', { v: 1 });
    await expect(
      db.transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          databaseCache<{ v: number }>(inner, 'tx-nested', { max: 10 })?.delete('k');
        });
        expect(cache?.get('k')).toBeUndefined();
        // A reader outside stores the value again before the transaction ends.
        cache?.set('k', { v: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(cache?.get('k')).toBeUndefined();
  });

  it('has no row caches with more than one possible writer', async () => {
    const other = await openPglite();
    try {
      registerDatabase(other.db, { singleWriter: false });
      expect(processCache(other.db, 'users')).toBeUndefined();
      expect(databaseCache(other.db, 'pairs', { max: 10 })).toBeDefined();
    } finally {
      await other.close();
    }
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

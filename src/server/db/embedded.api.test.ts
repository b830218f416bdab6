import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite, startPglite, type Database } from './client';
import type { PgliteClient } from './pglite-proxy';

const snapshot = async () => new Blob([await readFile(inject('pgliteSnapshot'))]);
const rows = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

describe('the embedded database in its worker thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openPglite({ snapshot: await snapshot() });
    await database.db.execute(sql`create table t (id int primary key, note text)`);
  });
  afterAll(() => database.close());

  it('keeps the event loop running while a slow query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await database.db.execute(sql`select pg_sleep(0.5)`);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(elapsed).toBeGreaterThanOrEqual(490);
    // 50 ticks are due in 0.5 s; with PGlite on the main thread none fired before the query ended. A
    // loaded machine delays some, so the bound is loose: any tick at all proves the loop kept turning.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });

  it('makes a statement from outside an open transaction wait for its end', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1, 'in')`);
      outside = database.db.execute(sql`select count(*)::int as n from t`).then((r) => {
        order.push('outside');
        return rows(r)[0]?.n;
      });
      // Let the outside query reach the worker's queue while the transaction holds the connection.
      await new Promise((resolve) => setImmediate(resolve));
      await tx.execute(sql`insert into t values (2, 'in')`);
      order.push('commit');
    });
    expect(await outside).toBe(2);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('rolls back on a throw, and a nested savepoint alone', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (10, 'gone')`);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (11, 'kept')`);
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`insert into t values (12, 'gone')`);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
    });
    const ids = rows(await database.db.execute(sql`select id from t where id >= 10 order by id`)).map((r) => r.id);
    expect(ids).toEqual([11]);
  });

  it('rejects with PostgreSQL’s error fields, wrapped by Drizzle as before', async () => {
    const error = await database.db.execute(sql`insert into t values (1, 'again')`).catch((e: unknown) => e);
    const cause = (error as { cause?: Record<string, unknown> }).cause;
    expect(cause).toBeInstanceOf(Error);
    expect(cause).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't', severity: 'ERROR' });
    expect(String(cause?.message)).toContain('duplicate key');
    // A failed statement inside a transaction fails it, and the commit reports so.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1, 'again')`).catch(() => {});
      }),
    ).rejects.toThrow();
    expect(rows(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    const client = (database.db as unknown as { $client: PgliteClient }).$client;
    await expect(client.query('select $1::text', [() => 1])).rejects.toThrow();
    expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  it('parses types as PGlite does: dates, bigints, json, arrays, bytea', async () => {
    const [row] = rows(
      await database.db.execute(
        sql`select now() as at, 9007199254740993::bigint as big, 42::bigint as small, '{"a":[1]}'::jsonb as doc,
                   array[1,2]::int[] as ints, '\\x0102'::bytea as bytes, 1.5::numeric as num`,
      ),
    );
    // db.execute keeps timestamps as text (Drizzle's raw config); the raw client parses them.
    expect(typeof row?.at).toBe('string');
    expect(row).toMatchObject({ big: 9007199254740993n, small: 42, doc: { a: [1] }, ints: [1, 2], num: '1.5' });
    expect(row?.bytes).toEqual(new Uint8Array([1, 2]));
    const client = (database.db as unknown as { $client: PgliteClient }).$client;
    const raw = await client.query<{ at: unknown }>('select $1::timestamptz as at', ['2026-01-02T03:04:05Z']);
    expect(raw.rows[0]?.at).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it('dumps a snapshot that opens again, and keeps a data directory across a reopen', async () => {
    const client = (database.db as unknown as { $client: PgliteClient }).$client;
    const copy = await openPglite({ snapshot: await client.dumpDataDir('gzip') });
    try {
      expect(rows(await copy.db.execute(sql`select count(*)::int as n from t`))[0]?.n).toBe(3);
    } finally {
      await copy.close();
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'steep-embedded-'));
    try {
      const first = await openPglite({ dataDir: dir, snapshot: await snapshot() });
      await first.db.execute(sql`create table kept (id int)`);
      await first.db.execute(sql`insert into kept values (7)`);
      await first.close();
      const second = await openPglite({ dataDir: dir });
      expect(rows(await second.db.execute(sql`select id from kept`))).toEqual([{ id: 7 }]);
      await second.close();
      await expect(second.ping()).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a database started without waiting (the server builds its app meanwhile)', () => {
  it('runs statements issued before it is open once it is, against the migrated schema', async () => {
    const { database, ready } = startPglite({ snapshot: await snapshot() });
    try {
      let open = false;
      void ready.then(() => (open = true));
      const early = database.db.execute(sql`select count(*)::int as n from users`);
      expect(open).toBe(false);
      expect(rows(await early)).toEqual([{ n: 0 }]);
      await ready;
    } finally {
      await database.close();
    }
  });

  it('rejects ready, and the statements waiting on it, when the database cannot open', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'steep-broken-'));
    try {
      const { database, ready } = startPglite({ dataDir: dir, snapshot: new Blob(['not a tarball']) });
      const early = database.db.execute(sql`select 1`);
      await expect(ready).rejects.toThrow();
      await expect(early).rejects.toThrow();
      await database.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

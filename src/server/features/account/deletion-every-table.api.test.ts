import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../contract/account';
import { allTables, userReferences, type UserReference } from '../../db/user-references';
import { jobs, users } from '../../test/tables';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { setProfile } from '../../test/members';
import { EXPORT_RULES } from './personal-data-tables';

/**
 * The list of tables that can name a member is read from the schema (every
 * foreign key to users), so a table added later is covered here without editing this file: the factory
 * below puts a row naming her in each one, account deletion must clear or anonymise every one of them
 * in one go, and the export must hold every one (or say why not).
 */

/**
 * Columns that hold a member's id without a foreign key, on purpose (docs/decisions/0010-account-deletion.md):
 * evidence for moderators that outlives the account. Any other such column fails the test below.
 */
const KEPT_WITHOUT_FOREIGN_KEY = new Set(['reports.reportedUserId', 'report_messages.senderId']);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Secret_123';

/** A value a NOT NULL column without a default accepts (checks: a rating of 1, an ordered pair retried). */
function valueFor(column: PgColumn): unknown {
  const enumValues = (column as PgColumn & { enumValues?: string[] }).enumValues;
  if (enumValues && enumValues.length > 0) return enumValues[0];
  switch (column.columnType) {
    case 'PgUUID':
      return randomUUID();
    case 'PgInteger':
      return 1;
    case 'PgDoublePrecision':
    case 'PgReal':
      return 0.5;
    case 'PgBoolean':
      return false;
    case 'PgTimestamp':
      return new Date(Date.now() + 86_400_000);
    case 'PgDateString':
      return new Date().toISOString().slice(0, 10);
    case 'PgJsonb':
    case 'PgJson':
      return {};
    case 'PgArray':
      return [];
    default:
      return `factory-${randomUUID()}`;
  }
}

/**
 * Inserts one row into `table`: `fixed` values, other members' ids in its other user columns, a parent
 * row made the same way for each other foreign key, and a plain value for each other required column.
 */
async function insertRow(
  table: PgTable,
  fixed: Record<string, unknown>,
  others: (attempt: number) => Promise<string>,
): Promise<Record<string, unknown>> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keyOf = new Map(Object.entries(columns).map(([key, column]) => [column.name, key]));
  const parents = new Map<string, PgTable>();
  /** The parent's column each foreign key points at (usually `id`; a push subscription names its session's token hash). */
  const parentKeys = new Map<string, string>();
  for (const fk of getTableConfig(table).foreignKeys) {
    const reference = fk.reference();
    const parentColumns = getTableColumns(reference.foreignTable) as Record<string, PgColumn>;
    reference.columns.forEach((column, index) => {
      const key = keyOf.get(column.name) ?? column.name;
      parents.set(key, reference.foreignTable);
      const foreignName = reference.foreignColumns[index]?.name;
      const foreignKey = Object.entries(parentColumns).find(([, c]) => c.name === foreignName)?.[0];
      parentKeys.set(key, foreignKey ?? 'id');
    });
  }
  for (let attempt = 0; attempt < 6; attempt++) {
    const values: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(columns)) {
      if (key in fixed) values[key] = fixed[key];
      else if (parents.get(key) === users) values[key] = column.notNull ? await others(attempt) : null;
      else if (parents.has(key)) {
        if (column.notNull) {
          const parent = await insertRow(parents.get(key) as PgTable, {}, others);
          values[key] = parent[parentKeys.get(key) ?? 'id'];
        }
      } else if (column.notNull && !column.hasDefault) values[key] = valueFor(column);
    }
    try {
      const [row] = await t.database.db.insert(table).values(values).returning();
      return row as Record<string, unknown>;
    } catch (error) {
      // An ordered pair (matches: userA < userB): another member's random id puts them the other way round.
      const failure = error as { code?: string; cause?: { code?: string } };
      const checkViolation = failure.code === '23514' || failure.cause?.code === '23514';
      if (!checkViolation || attempt === 5) throw error;
    }
  }
  throw new Error('unreachable');
}

let sequence = 0;

/** Her, with a row naming her in every column of every table that references users. */
async function memberInEveryTable(): Promise<{
  her: Client;
  rows: Array<{ reference: UserReference; row: Record<string, unknown> }>;
}> {
  const her = await signUp(t.app);
  // Another member, or (on a retry after an ordered-pair check) one whose id sorts before every other id and
  // after the ones made before it (odd attempts), or after every other and before the ones made before it (even
  // attempts): a pair of two new members comes out in one order or the other, never by chance.
  const others = async (attempt: number): Promise<string> => {
    if (attempt === 0) return (await signUp(t.app)).user.id;
    sequence += 1;
    const step = (attempt % 2 ? sequence : 0xffffffffffff - sequence).toString(16).padStart(12, '0');
    const id = attempt % 2 ? `00000000-0000-4000-8000-${step}` : `ffffffff-ffff-4fff-bfff-${step}`;
    return (await insertRow(users, { id }, others)).id as string;
  };
  const rows = [];
  for (const reference of userReferences()) {
    // A row sign-up already wrote (discovery's projection of her) names her as it is.
    const column = getTableColumns(reference.table)[reference.column] as PgColumn;
    const [existing] = await t.database.db.select().from(reference.table).where(eq(column, her.user.id)).limit(1);
    const row = existing ?? (await insertRow(reference.table, { [reference.column]: her.user.id }, others));
    rows.push({ reference, row });
  }
  return { her, rows };
}

const countNaming = async (reference: UserReference, userId: string) => {
  const column = (getTableColumns(reference.table) as Record<string, PgColumn>)[reference.column] as PgColumn;
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reference.table)
    .where(eq(column, userId));
  return row?.n ?? 0;
};

describe('the tables that can name a member (read from the schema)', () => {
  it('every foreign key to users says what happens when she is deleted: CASCADE or SET NULL', () => {
    const references = userReferences();
    expect(references.length).toBeGreaterThan(30);
    const undecided = references
      .filter((r) => r.onDelete !== 'cascade' && r.onDelete !== 'set null')
      .map((r) => `${r.tableName}.${r.column}: ${r.onDelete ?? 'no action'}`);
    expect(undecided).toEqual([]);
  });

  it('no other column holds a member id without a foreign key, except the evidence kept on purpose', () => {
    const named = /(user|sender|reporter|blocker|creator|moderator|viewer|viewed|author)(Id)?$|^user[AB]$/i;
    const referenced = new Set(userReferences().map((r) => `${r.tableName}.${r.column}`));
    const loose: string[] = [];
    for (const [name, table] of allTables()) {
      for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, PgColumn>)) {
        const id = `${name}.${key}`;
        if (
          column.columnType === 'PgUUID' &&
          named.test(key) &&
          !referenced.has(id) &&
          !KEPT_WITHOUT_FOREIGN_KEY.has(id)
        ) {
          loose.push(id);
        }
      }
    }
    expect(loose).toEqual([]);
  });
});

describe('deleting an account', () => {
  it('clears or anonymises every row naming her, keeps the audit log with a "Deleted member", and signs her out', async () => {
    const { her, rows } = await memberInEveryTable();
    const moderator = await signUp(t.app);
    await setProfile(t, moderator, { role: 'moderator' });
    for (const { reference } of rows)
      expect(await countNaming(reference, her.user.id), reference.tableName).toBeGreaterThan(0);
    // A confirmed email and a change to another waiting for its code: the code to the new address and the notice
    // to the old one are queued (jobs name her by address, not by id).
    const confirmed = `deleted-${her.user.id.slice(0, 8)}@example.com`;
    const pending = `deleted-new-${her.user.id.slice(0, 8)}@example.com`;
    await t.database.db
      .update(users)
      .set({ email: confirmed, emailVerifiedAt: new Date() })
      .where(eq(users.id, her.user.id));
    expect(
      (await her.request('POST', '/api/account/email', { email: pending, currentPassword: PASSWORD })).statusCode,
    ).toBe(202);
    const [held] = await t.database.db.select().from(users).where(eq(users.id, her.user.id));
    expect(held).toMatchObject({ email: confirmed, pendingEmail: pending });
    const jobsNaming = async (address: string) =>
      (
        await t.database.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(sql`${jobs.payload}->>'to' = ${address}`)
      ).length;
    expect(await jobsNaming(pending)).toBe(1);
    expect(await jobsNaming(confirmed)).toBe(1);

    const deleted = await her.request('DELETE', '/api/account', { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    for (const { reference, row } of rows) {
      const where = `${reference.tableName}.${reference.column}`;
      expect(await countNaming(reference, her.user.id), where).toBe(0);
      if (reference.onDelete === 'set null') {
        // The row stays, without her.
        const idColumn = (getTableColumns(reference.table) as Record<string, PgColumn>).id as PgColumn;
        const [kept] = await t.database.db.select().from(reference.table).where(eq(idColumn, row.id));
        expect(kept, where).toBeDefined();
        expect((kept as Record<string, unknown>)[reference.column], where).toBeNull();
      }
    }
    expect(await jobsNaming(pending)).toBe(0);
    expect(await jobsNaming(confirmed)).toBe(0);
    expect((await her.request('GET', '/api/auth/me')).statusCode).toBe(401);
    const audit = await moderator.request('GET', '/api/moderation/audit');
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.body).toContain('Deleted member');
    expect(audit.body).not.toContain(her.user.id);
    expect(audit.body).not.toContain(her.user.username);
  }, 60_000);

  it('is one transaction: when any part fails, nothing is deleted and her sessions still work', async () => {
    const her = await signUp(t.app);
    // A table added without a deliberate ON DELETE (what moderation_actions was): the delete of her row fails.
    await t.database.db.execute(
      sql`create table if not exists undecided_reference (user_id uuid references users(id))`,
    );
    await t.database.db.execute(sql`insert into undecided_reference values (${her.user.id})`);
    try {
      const failed = await her.request('DELETE', '/api/account', { password: PASSWORD });
      expect(failed.statusCode).not.toBe(200);
      expect((await her.request('GET', '/api/auth/me')).statusCode).toBe(200);
      expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.id, her.user.id))).toHaveLength(1);
    } finally {
      await t.database.db.execute(sql`drop table undecided_reference`);
    }
  });
});

describe('the data export', () => {
  it('has a rule for every table that references users', () => {
    const tables = new Set(userReferences().map((r) => r.tableName));
    expect([...tables].filter((name) => !(name in EXPORT_RULES))).toEqual([]);
    expect(Object.keys(EXPORT_RULES).filter((name) => !tables.has(name))).toEqual([]);
  });

  it('holds her rows of every exported table, payments, SMS number, social handles and Tea reviews included', async () => {
    const { her, rows } = await memberInEveryTable();
    const exported = await her.request('GET', '/api/account/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const data = exported.json<AccountExport>();
    for (const { reference } of rows) {
      const rule = EXPORT_RULES[reference.tableName];
      if (!rule || 'skip' in rule || !rule.hers.includes(reference.column)) continue;
      expect(data.tables[reference.tableName]?.length ?? 0, reference.tableName).toBeGreaterThan(0);
    }
    expect(data.payments.length).toBeGreaterThan(0);
    expect(data.tables.sms_settings?.[0]).toHaveProperty('phoneNumber');
    expect(data.tables.verifications?.[0]).toHaveProperty('instagramHandle');
    expect(data.tables.tea_reviews?.length).toBeGreaterThan(0);
    // Secrets never leave.
    expect(exported.body).not.toMatch(/tokenHash|codeHash|passwordHash/);
  }, 60_000);
});

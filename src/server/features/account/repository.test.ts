import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertMember, useTestDatabase } from '../../test/direct';
import { blocks, matches } from '../../test/tables';
import { exportTables } from './personal-data-tables';
import { rowsNaming } from './repository';

/** Her rows for the data export, straight on the database: no app, no HTTP. */
const db = useTestDatabase();

describe('rowsNaming', () => {
  it('reads the rows where any of the columns names her, and no one else’s', async () => {
    const [ana, bea, cleo, dora] = await Promise.all(Array.from({ length: 4 }, () => insertMember(db())));
    const pair = (x: string, y: string) => (x < y ? { userA: x, userB: y } : { userA: y, userB: x });
    await db()
      .insert(matches)
      .values([pair(ana!.id, bea!.id), pair(cleo!.id, ana!.id), pair(bea!.id, dora!.id)]);
    const { userA, userB } = getTableColumns(matches);
    const rows = await rowsNaming(db(), matches, [userA, userB], ana!.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect([row.userA, row.userB]).toContain(ana!.id);
  });

  it('reads by one column only when given one', async () => {
    const [ana, bea] = await Promise.all([insertMember(db()), insertMember(db())]);
    await db()
      .insert(blocks)
      .values([
        { blockerId: ana.id, blockedUserId: bea.id },
        { blockerId: bea.id, blockedUserId: ana.id },
      ]);
    const rows = await rowsNaming(db(), blocks, [getTableColumns(blocks).blockerId], ana.id);
    expect(rows).toEqual([expect.objectContaining({ blockerId: ana.id, blockedUserId: bea.id })]);
  });
});

describe('exportTables', () => {
  it('exports her blocks without the username-only ones, the omitted column, or blocks of her', async () => {
    const [ana, bea, cleo] = await Promise.all(Array.from({ length: 3 }, () => insertMember(db())));
    await db()
      .insert(blocks)
      .values([
        { blockerId: ana!.id, blockedUserId: bea!.id },
        { blockerId: ana!.id, blockedUserId: cleo!.id, byUsernameOnly: true },
        { blockerId: cleo!.id, blockedUserId: ana!.id },
      ]);
    const tables = await exportTables(db(), ana!.id);
    expect(tables.blocks).toHaveLength(1);
    expect(tables.blocks![0]).toMatchObject({ blockerId: ana!.id, blockedUserId: bea!.id });
    expect(tables.blocks![0]).not.toHaveProperty('byUsernameOnly');
    expect(typeof tables.blocks![0]!.createdAt).toBe('string');
    expect(tables).not.toHaveProperty('email_codes');
  });
});

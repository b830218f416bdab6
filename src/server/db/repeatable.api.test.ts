import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { repeatableSql } from './repeatable';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('repeatable SQL at boot', () => {
  it('the database runs the functions exactly as their feature files define them', async () => {
    const result = await t.database.db.execute(
      sql`select proname, prosrc from pg_proc where proname in ('record_swipe', 'swipe_usage')`,
    );
    const { rows } = result as { rows: { proname: string; prosrc: string }[] };
    expect(rows.map((r) => r.proname).sort()).toEqual(['record_swipe', 'swipe_usage']);
    const files = repeatableSql();
    for (const row of rows) {
      const file = files.find((f) => f.file.endsWith(`${row.proname}.sql`));
      expect(file?.text, row.proname).toContain(row.prosrc.trim());
    }
  });
});

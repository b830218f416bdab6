import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { installStatementWriter } from './statement-writer';
import { messages } from './schema/chat';
import { genderIdentity, users } from './schema/users';
import { swipes } from './schema/matches';

const casing = 'snake_case' as const;
const drizzles = new PgDialect({ casing });
const fast = new PgDialect({ casing });
installStatementWriter(fast, false);
const qb = new QueryBuilder({ casing });

/** Every kind of chunk the app's statements hold, and a few it does not (views aside). */
const statements: Record<string, () => SQL> = {
  'a select with conditions, an order and a limit': () =>
    qb
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(
          eq(users.username, 'ana'),
          gt(users.age, 30),
          inArray(users.location, ['Portland, Oregon', 'Salem, Oregon']),
        ),
      )
      .orderBy(users.lastActiveAt)
      .limit(5)
      .getSQL(),
  'a join on an aliased table, and a query builder as a subquery': () => {
    const back = alias(swipes, 'back');
    const theirs = qb.select({ id: back.userId }).from(back).where(eq(back.targetUserId, 'b'));
    return qb
      .select({ who: swipes.targetUserId, back: back.userId })
      .from(swipes)
      .leftJoin(back, and(eq(back.userId, swipes.targetUserId), eq(back.targetUserId, swipes.userId)))
      .where(sql`${swipes.userId} in ${theirs}`)
      .getSQL();
  },
  'placeholders, bare and in a typed param': () =>
    qb
      .select()
      .from(messages)
      .where(
        and(eq(messages.senderId, sql.placeholder('me')), sql`${messages.createdAt} > ${sql.placeholder('since')}`),
      )
      .getSQL(),
  'raw text, names, arrays, dates, nulls, enum values and a JSON object': () =>
    sql`select ${sql.identifier('odd"name')} from ${users} where ${users.id} in ${['a', 'b']}
      and ${users.createdAt} < ${new Date(0)} and ${null} is null and ${users.genderIdentity} = ${'woman'}
      and ${users.prompts} = ${{ q: 'x' }}::jsonb and ${sql.raw('1 = 1')} and ${genderIdentity} is not null
      and ${sql.param(['x', 'y'])}::text[] is not null and ${users.isVerified} = ${false} and ${0} = 0`,
  'inlined params': () => sql`select ${users.id} from ${users} where ${users.name} = ${"O'Hara"}`.inlineParams(),
  'an aliased expression in a subquery': () => {
    const counted = qb
      .select({ who: swipes.userId, n: sql<number>`count(*)`.as('n') })
      .from(swipes)
      .groupBy(swipes.userId)
      .as('counted');
    return qb.select({ who: counted.who, n: counted.n }).from(counted).where(gt(counted.n, 3)).getSQL();
  },
};

describe('the statement writer', () => {
  for (const [what, statement] of Object.entries(statements)) {
    it(`writes ${what} exactly as Drizzle does`, () => {
      const expected = drizzles.sqlToQuery(statement());
      expect(expected.sql.length).toBeGreaterThan(0);
      expect(fast.sqlToQuery(statement())).toStrictEqual(expected);
    });
  }

  it('checks itself against Drizzle when asked, and says where they differ', () => {
    const checked = new PgDialect({ casing });
    installStatementWriter(checked, true);
    expect(checked.sqlToQuery(sql`select ${users.id} from ${users}`).sql).toBe('select "users"."id" from "users"');
    const escapeName = checked.escapeName.bind(checked);
    checked.escapeName = (name: string) => `[${name}]`;
    try {
      // The fast writer kept the dialect's quoting from when it was installed; Drizzle's now differs.
      expect(() => checked.sqlToQuery(sql`select ${sql.identifier('x')}`)).toThrow(/differs from Drizzle's/);
    } finally {
      checked.escapeName = escapeName;
    }
  });
});

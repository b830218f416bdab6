import { count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../test/tables';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { member, swipe } from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function members(n: number): Promise<Client[]> {
  const all: Client[] = [];
  // Batches keep sign-up (scrypt) from starving the event loop.
  for (let i = 0; i < n; i += 50) {
    all.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => member(t)))));
  }
  return all;
}

describe('concurrent swipes', () => {
  it('gives 200 pairs liking each other at the same instant exactly 200 matches', async () => {
    const people = await members(400);
    const pairs = Array.from({ length: 200 }, (_, i) => [people[2 * i]!, people[2 * i + 1]!] as const);

    const responses = await Promise.all(pairs.flatMap(([a, b]) => [swipe(a, b), swipe(b, a)]));
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 201));

    const ids = new Set(people.map((p) => p.user.id));
    const stored = await t.database.db.select().from(matches);
    const ours = stored.filter((m) => ids.has(m.userA));
    expect(ours).toHaveLength(200);

    // Each pair: exactly one of the two likes reports the match, and it is the stored one.
    for (let i = 0; i < pairs.length; i++) {
      const reported = [responses[2 * i]!.json().match, responses[2 * i + 1]!.json().match].filter(Boolean);
      expect(reported).toHaveLength(1);
      const [a, b] = pairs[i]!;
      const [row] = await t.database.db
        .select({ n: count() })
        .from(matches)
        .where(or(eq(matches.userA, a.user.id), eq(matches.userB, a.user.id)));
      expect(row?.n).toBe(1);
      expect(ours.find((m) => m.id === reported[0].id)).toMatchObject({ userA: [a.user.id, b.user.id].sort()[0] });
    }
  }, 120_000); // 400 sign-ups: slow on a loaded 2-core machine, and what it proves is not timing

  it('lets 15 likes sent at once by a free user through exactly 10 times', async () => {
    const [ana, ...targets] = await members(16);
    const responses = await Promise.all(targets.map((target) => swipe(ana!, target)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('records one swipe when the same like is sent twice at once', async () => {
    const [ana, bea] = await members(2);
    const responses = await Promise.all([swipe(ana!, bea!), swipe(ana!, bea!)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

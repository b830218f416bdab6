import { beforeAll, describe, expect, it } from 'vitest';
import { createCaches } from '../../db/caches';
import { insertMember, useTestDatabase } from '../../test/direct';
import { blocks } from '../../test/tables';
import { createBadgesRepository, earnedBy, earnedByMembers, insertEarned, type BadgesRepository } from './repository';

/** Earned badges straight on the database: no app, no HTTP. */
const db = useTestDatabase();
let repository: BadgesRepository;

beforeAll(() => {
  repository = createBadgesRepository(db(), createCaches({ singleWriter: true }));
});

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe('insertEarned', () => {
  it('inserts a badge once: a second award, even at the same time, returns nothing', async () => {
    const ana = await insertMember(db());
    const both = await Promise.all([
      insertEarned(db(), ana.id, ['first_match', 'host'], at(1)),
      insertEarned(db(), ana.id, ['first_match', 'host'], at(1)),
    ]);
    expect(
      both
        .flat()
        .map((row) => row.badgeId)
        .sort(),
    ).toEqual(['first_match', 'host']);
    expect(await insertEarned(db(), ana.id, ['host', 'regular'], at(0))).toEqual([
      expect.objectContaining({ userId: ana.id, badgeId: 'regular' }),
    ]);
    expect((await repository.earnedRows(ana.id)).map((row) => row.badgeId).sort()).toEqual([
      'first_match',
      'host',
      'regular',
    ]);
    expect(await earnedBy(db(), ana.id)).toHaveLength(3);
  });
});

describe('earnedByMembers', () => {
  it('reads the members’ badges oldest first, leaving out members blocked either way', async () => {
    const member = () => insertMember(db());
    const [viewer, ana, bea, blocker, blocked] = await Promise.all([member(), member(), member(), member(), member()]);
    await insertEarned(db(), ana.id, ['host'], at(5));
    await insertEarned(db(), bea.id, ['first_match'], at(10));
    await insertEarned(db(), ana.id, ['regular'], at(1));
    await insertEarned(db(), blocker.id, ['host'], at(3));
    await insertEarned(db(), blocked.id, ['host'], at(3));
    await db()
      .insert(blocks)
      .values([
        { blockerId: blocker.id, blockedUserId: viewer.id },
        { blockerId: viewer.id, blockedUserId: blocked.id },
      ]);
    const rows = await earnedByMembers(
      db(),
      viewer.id,
      [ana, bea, blocker, blocked].map((m) => m.id),
    );
    expect(rows.map((row) => [row.userId, row.badgeId])).toEqual([
      [bea.id, 'first_match'],
      [ana.id, 'host'],
      [ana.id, 'regular'],
    ]);
  });
});

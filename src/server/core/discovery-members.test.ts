import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PROMPTS } from '../../contract/prompts';
import { createCaches } from '../db/caches';
import { insertMember, useTestDatabase } from '../test/direct';
import { discoveryMembers, users } from '../test/tables';
import { deleteUser, reprojectMembers, setBoostedUntil, updateUser, type UserChanges } from '.';

/** Discovery's projection follows every write of the member row, in the same statement. */
const db = useTestDatabase();
const PROMPT = PROMPTS[0].id;
const caches = createCaches({ singleWriter: true });

async function projected(id: string) {
  const [row] = await db().select().from(discoveryMembers).where(eq(discoveryMembers.id, id));
  return row;
}

/** What the projection must hold for her, read from her member row. */
async function expected(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) return undefined;
  return {
    id: row.id,
    age: row.age,
    location: row.location,
    interests: row.interests,
    teaInterests: row.teaInterests,
    job: row.job,
    lifestyle: row.lifestyle,
    relationshipGoals: row.relationshipGoals,
    isVerified: row.isVerified,
    ghostMode: row.ghostMode,
    suspendedUntil: row.suspendedUntil,
    premiumUntil: row.premiumUntil,
    boostedUntil: row.boostedUntil,
    lastActiveAt: row.lastActiveAt,
    bioLength: row.bio.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, '').length,
    promptCount: row.prompts.length,
  };
}

describe('discovery projection', () => {
  it('a new member is projected as she is inserted', async () => {
    const member = await insertMember(db(), { bio: '  A bio with spaces around it.\n', interests: ['Yoga'] });
    expect(await projected(member.id)).toMatchObject({ ...(await expected(member.id)), bioLength: 28 });
  });

  it('follows each column it copies, and leaves a write of other columns alone', async () => {
    const member = await insertMember(db());
    const later = new Date(Date.now() + 86_400_000);
    const changes: UserChanges[] = [
      { age: 41 },
      { location: 'Portland, Oregon', latitude: 45.5, longitude: -122.7 },
      { interests: ['Hiking', 'Tea'], teaInterests: ['Matcha'] },
      { job: 'Potter', relationshipGoals: 'Long-term', lifestyle: { smoking: 'Never' } },
      { isVerified: true },
      { ghostMode: true },
      { suspendedUntil: later },
      { premiumUntil: later },
      { lastActiveAt: new Date() },
      { bio: 'x'.repeat(30), prompts: [{ promptId: PROMPT, answer: 'Tea and a long walk.' }] },
    ];
    for (const change of changes) {
      await updateUser(db(), caches, member.id, change);
      expect(await projected(member.id), JSON.stringify(change)).toMatchObject((await expected(member.id))!);
    }
    // A write of nothing it copies does not touch the projection row (no dead tuple per login or email change).
    const version = async () =>
      (
        (await db().execute(sql`select xmin::text as v from ${discoveryMembers} where id = ${member.id}`)) as {
          rows: { v: string }[];
        }
      ).rows;
    const before = await version();
    await updateUser(db(), caches, member.id, { email: 'someone@example.com', phoneNumber: '+15035550100' });
    expect(await version()).toEqual(before);
  });

  it('follows a Profile Boost, and not a boost the once-a-day rule refused', async () => {
    const member = await insertMember(db(), { premiumUntil: new Date(Date.now() + 86_400_000) });
    const until = new Date(Date.now() + 3_600_000);
    expect(await setBoostedUntil(db(), caches, member.id, until, new Date())).toBe(true);
    expect((await projected(member.id))?.boostedUntil).toEqual(until);
    expect(await setBoostedUntil(db(), caches, member.id, new Date(Date.now() + 7_200_000), new Date())).toBe(false);
    expect((await projected(member.id))?.boostedUntil).toEqual(until);
    expect(await setBoostedUntil(db(), caches, member.id, null)).toBe(true);
    expect((await projected(member.id))?.boostedUntil).toBeNull();
  });

  it('goes with her account', async () => {
    const member = await insertMember(db());
    expect(await deleteUser(db(), caches, member.id)).toBe(true);
    expect(await projected(member.id)).toBeUndefined();
  });

  it('re-projects rows written past core, keeping her saved range', async () => {
    const member = await insertMember(db());
    await db()
      .update(discoveryMembers)
      .set({ savedMinAge: 25, savedMaxAge: 40 })
      .where(eq(discoveryMembers.id, member.id));
    await db().update(users).set({ age: 52, ghostMode: true }).where(eq(users.id, member.id));
    expect(await projected(member.id)).toMatchObject({ age: member.age, ghostMode: false });
    await reprojectMembers(db(), [member.id]);
    expect(await projected(member.id)).toMatchObject({ age: 52, ghostMode: true, savedMinAge: 25, savedMaxAge: 40 });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationCoordinates } from '../../../contract/locations';
import { reprojectMembers } from '../../core';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { member, premiumMember, setProfile } from '../../test/members';
import { CANDIDATE_POOL } from './repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LOCATION = 'Fargo, North Dakota';
const SHARED = ['Yoga', 'Hiking', 'Reading', 'Coffee', 'Pottery'];
/** More than two pool windows' worth of people in one town. */
const CROWD = 2 * CANDIDATE_POOL + 150;

/** `count` members in Fargo, one minute apart in last activity (member 1 the most recent). */
async function crowd(count: number): Promise<string[]> {
  const here = locationCoordinates(LOCATION)!;
  const result = (await t.database.db.execute<{ id: string }>(sql`
    insert into users (username, password_hash, name, age, bio, location, latitude, longitude,
      gender_identity, sexual_orientation, interests, last_active_at)
    select 'crowd_' || g, 'no-login', 'Crowd', 20 + g % 30, 'A member of the crowd in town.', ${LOCATION},
      ${here.lat}, ${here.lng}, 'woman', 'lesbian',
      case when g % 7 = 0 then array['Yoga', 'Hiking']::text[] else array['Esports']::text[] end,
      now() - g * interval '1 minute'
    from generate_series(1, ${count}::int) g
    returning id`)) as { rows: Array<{ id: string }> };
  const ids = result.rows.map((r) => r.id);
  // Written set-based, past core's writes: copied into discovery's projection as the demo seed does.
  await reprojectMembers(t.database.db, ids);
  return ids;
}

async function pages(viewer: Client, limit: number): Promise<string[][]> {
  const seen: string[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `limit=${limit}&cursor=${cursor}` : `limit=${limit}`;
    const response = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ users: Array<{ id: string }>; nextCursor: string | null }>();
    seen.push(page.users.map((u) => u.id));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('discovery at scale: the feed is ranked in pool windows of the most recently active', () => {
  it('pages through every window without a repeat or a gap, a running boost in the first', async () => {
    const viewer = await member(t, { location: LOCATION, interests: SHARED, age: 30 });
    const ids = await crowd(CROWD);
    // Inactive for months, so far outside the first window by recency, but boosting now.
    const boosted = await premiumMember(t, { location: LOCATION, interests: SHARED });
    await setProfile(t, boosted, { lastActiveAt: new Date(Date.now() - 200 * 24 * 60 * 60_000) });
    expect((await boosted.request('POST', '/api/boost')).statusCode).toBe(200);

    const feed = await pages(viewer, 50);
    const all = feed.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set([...ids, boosted.user.id]));

    // The first page is the best of the first window: the most recent CANDIDATE_POOL, and the boost.
    const firstWindow = new Set([...ids.slice(0, CANDIDATE_POOL), boosted.user.id]);
    for (const id of feed[0]!) expect(firstWindow.has(id), id).toBe(true);
    expect(feed[0]![0]).toBe(boosted.user.id);
    // People who share her interests rank first inside a window: every seventh of the crowd does.
    const sharing = new Set(ids.filter((_, i) => (i + 1) % 7 === 0));
    expect(feed[0]!.slice(1, 20).every((id) => sharing.has(id))).toBe(true);
    // Every card of the first window comes before every card of the next ones.
    const position = new Map(all.map((id, i) => [id, i]));
    const lastOfFirst = Math.max(...[...firstWindow].map((id) => position.get(id)!));
    const firstOfRest = Math.min(...ids.slice(CANDIDATE_POOL).map((id) => position.get(id)!));
    expect(lastOfFirst).toBeLessThan(firstOfRest);
  });

  it('keeps the windows across page sizes that straddle their ends', async () => {
    const viewer = await member(t, { location: LOCATION, interests: SHARED, age: 30 });
    const feed = (await pages(viewer, 37)).flat();
    expect(new Set(feed).size).toBe(feed.length);
    expect(feed.length).toBe(CROWD + 2); // the crowd, the boosted member, and the first test's viewer
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEREST_NAMES, TEA_PREFERENCES } from '../../../contract/interests';
import { profileCompleteness } from '../../../contract/profiles';
import { photos } from '../../test/tables';
import { createRandom } from '../../seed/random';
import { createTestApp, type TestApp } from '../../test/harness';
import { findUser } from '../../core';
import { findCandidates } from './repository';
import { DEFAULT_DISCOVERY_FILTERS } from '../../../contract/discovery';
import {
  block,
  feedIds,
  like,
  matchesOf,
  member,
  plantPrivateData,
  premiumMember,
  PRIVATE_PATTERN,
  setGhost,
  setProfile,
  swipe,
} from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CARD_FIELDS = [
  'age',
  'badges',
  'bio',
  'distance',
  'id',
  'interests',
  'isOnline',
  'isVerified',
  'job',
  'lastActive',
  'location',
  'name',
  'photos',
  'prompts',
  'pronouns',
  'teaInterests',
];

describe('discovery feed: who is shown', () => {
  // Billings, Montana: no other test in this file lives within 100 miles of it.
  const here = { location: 'Billings, Montana' };

  it('shows public fields only: no contact details, coordinates, ghost flag or subscription', async () => {
    const viewer = await member(t, here);
    const other = await premiumMember(t, { ...here, email: 'rosa@example.com' });
    await plantPrivateData(t, other, { phoneNumber: '+15035550199', job: 'Botanist' });

    const response = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}`);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    const card = page.users.find((u: { id: string }) => u.id === other.user.id);
    expect(Object.keys(card).sort()).toEqual(CARD_FIELDS);
    expect(card).toMatchObject({ name: other.user.name, job: 'Botanist', distance: 'In your city', badges: [] });
    expect(response.body).not.toContain('rosa@example.com');
    expect(response.body).not.toMatch(PRIVATE_PATTERN);
    expect(response.body).not.toContain(String(45.78)); // Billings' latitude
  });

  it('never shows herself, anyone she swiped, or anyone with a block either way', async () => {
    const viewer = await member(t, here);
    const liked = await member(t, here);
    const passed = await member(t, here);
    const blockedByHer = await member(t, here);
    const blockedHer = await member(t, here);
    const visible = await member(t, here);
    await like(viewer, liked);
    expect((await swipe(viewer, passed, false)).statusCode).toBe(201);
    await block(viewer, blockedByHer);
    await block(blockedHer, viewer);

    const ids = await feedIds(viewer);
    expect(ids).toContain(visible.user.id);
    for (const hidden of [viewer, liked, passed, blockedByHer, blockedHer]) expect(ids).not.toContain(hidden.user.id);
    // The block hides her from them too.
    expect(await feedIds(blockedByHer)).not.toContain(viewer.user.id);
    expect(await feedIds(blockedHer)).not.toContain(viewer.user.id);
  });

  it('answers another user’s feed with 403', async () => {
    const viewer = await member(t, here);
    const other = await member(t, here);
    const response = await viewer.request('GET', `/api/users/discovery/${other.user.id}`);
    expect(response.statusCode).toBe(403);
  });

  it('refuses an unknown scope and a forged cursor with 400', async () => {
    const viewer = await member(t, here);
    const scope = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?scope=galaxy`);
    expect(scope.statusCode).toBe(400);
    expect(scope.json().errors[0].path).toBe('scope');
    const cursor = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?cursor=not-a-cursor`);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Invalid cursor' });
    // Well-formed but out of range: a rank beyond a SQL int, a time that is not a date.
    for (const fields of [
      { r: 3e9, t: Date.now() },
      { r: 1, t: 9e15 },
    ]) {
      const crafted = Buffer.from(JSON.stringify({ ...fields, i: viewer.user.id })).toString('base64url');
      const response = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?cursor=${crafted}`);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('discovery feed: mutual age check', () => {
  const here = { location: 'Cheyenne, Wyoming' };

  it('needs her age in my range AND my age in her range (her default 18–65 when she saved none)', async () => {
    const viewer = await member(t, { ...here, age: 30 });
    const put = await viewer.request('PUT', `/api/users/${viewer.user.id}/filters`, {
      minAge: 25,
      maxAge: 35,
      maxDistance: 50,
    });
    expect(put.statusCode).toBe(200);

    const tooOld = await member(t, { ...here, age: 40 });
    const fitsNoFilters = await member(t, { ...here, age: 28 });
    const wantsYounger = await member(t, { ...here, age: 28 });
    await wantsYounger.request('PUT', `/api/users/${wantsYounger.user.id}/filters`, {
      minAge: 18,
      maxAge: 29,
      maxDistance: 50,
    });
    const wantsMyAge = await member(t, { ...here, age: 33 });
    await wantsMyAge.request('PUT', `/api/users/${wantsMyAge.user.id}/filters`, {
      minAge: 30,
      maxAge: 30,
      maxDistance: 50,
    });

    const ids = await feedIds(viewer);
    expect(ids).toContain(fitsNoFilters.user.id);
    expect(ids).toContain(wantsMyAge.user.id); // bounds are inclusive
    expect(ids).not.toContain(tooOld.user.id); // outside my range
    expect(ids).not.toContain(wantsYounger.user.id); // I am outside hers

    // Both ways: she does not see me either, though I fit her range.
    expect(await feedIds(tooOld)).not.toContain(viewer.user.id);
  });

  it('applies the default 18–65 of people without filters to an older viewer', async () => {
    const viewer = await member(t, { ...here, age: 70 });
    await viewer.request('PUT', `/api/users/${viewer.user.id}/filters`, { minAge: 18, maxAge: 75, maxDistance: 50 });
    const noFilters = await member(t, { ...here, age: 60 });
    const wide = await member(t, { ...here, age: 60 });
    await wide.request('PUT', `/api/users/${wide.user.id}/filters`, { minAge: 50, maxAge: 75, maxDistance: 50 });
    const ids = await feedIds(viewer);
    expect(ids).not.toContain(noFilters.user.id);
    expect(ids).toContain(wide.user.id);
  });
});

describe('discovery feed: distance and scope', () => {
  it('keeps to her distance from city centres: Miami is not within 50 miles of Portland', async () => {
    const viewer = await member(t, { location: 'Portland, Oregon' });
    const miami = await member(t, { location: 'Miami, Florida' });
    const vancouver = await member(t, { location: 'Vancouver, Washington' });
    const salem = await member(t, { location: 'Salem, Oregon' });
    const seattle = await member(t, { location: 'Seattle, Washington' });
    const sameCity = await member(t, { location: 'Portland, Oregon' });

    const response = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?limit=50`);
    const cards = new Map<string, { distance: string }>(response.json().users.map((u: { id: string }) => [u.id, u]));
    expect(cards.has(miami.user.id)).toBe(false);
    expect(cards.has(seattle.user.id)).toBe(false); // 145 mi
    expect(cards.get(vancouver.user.id)?.distance).toBe('~10 mi'); // 8 mi
    expect(cards.get(salem.user.id)?.distance).toBe('~40 mi'); // 44 mi
    expect(cards.get(sameCity.user.id)?.distance).toBe('In your city');

    // Miami stays out at the widest setting, and Portland is not in Miami's feed either.
    await viewer.request('PUT', `/api/users/${viewer.user.id}/filters`, { minAge: 18, maxAge: 75, maxDistance: 100 });
    expect(await feedIds(viewer)).not.toContain(miami.user.id);
    expect(await feedIds(miami)).not.toContain(viewer.user.id);

    // Salem drops out when she narrows her distance below 44 miles.
    await viewer.request('PUT', `/api/users/${viewer.user.id}/filters`, { minAge: 18, maxAge: 75, maxDistance: 40 });
    const narrow = await feedIds(viewer);
    expect(narrow).not.toContain(salem.user.id);
    expect(narrow).toContain(vancouver.user.id);
  });

  it("'All Areas' has no distance limit: a newcomer in Missoula finds Portland and Burlington", async () => {
    const viewer = await member(t, { location: 'Missoula, Montana' });
    const portland = await member(t, { location: 'Portland, Oregon' });
    const burlington = await member(t, { location: 'Burlington, Vermont' });
    expect(await feedIds(viewer)).not.toContain(portland.user.id);
    const all = await feedIds(viewer, 'scope=all');
    expect(all).toEqual(expect.arrayContaining([portland.user.id, burlington.user.id]));
    expect(await feedIds(burlington, 'scope=all')).toContain(viewer.user.id);
  });

  it('narrows to her state or her city with scope', async () => {
    const viewer = await member(t, { location: 'Portland, Oregon' });
    const vancouver = await member(t, { location: 'Vancouver, Washington' });
    const gresham = await member(t, { location: 'Gresham, Oregon' });
    const sameCity = await member(t, { location: 'Portland, Oregon' });

    const all = await feedIds(viewer, 'scope=all');
    expect(all).toEqual(expect.arrayContaining([vancouver.user.id, gresham.user.id, sameCity.user.id]));

    const state = await feedIds(viewer, 'scope=state');
    expect(state).toEqual(expect.arrayContaining([gresham.user.id, sameCity.user.id]));
    expect(state).not.toContain(vancouver.user.id);

    const city = await feedIds(viewer, 'scope=city');
    expect(city).toContain(sameCity.user.id);
    expect(city).not.toContain(gresham.user.id);
    expect(city).not.toContain(vancouver.user.id);
  });
});

describe('discovery feed: tea and lifestyle chips', () => {
  const here = { location: 'Burlington, Vermont' };

  it('keeps people who share one of her chosen teas', async () => {
    const viewer = await member(t, here);
    await viewer.request('PUT', `/api/users/${viewer.user.id}/filters`, {
      minAge: 18,
      maxAge: 65,
      maxDistance: 50,
      teaPreferences: ['Matcha', 'Oolong'],
    });
    const matcha = await member(t, { ...here, teaInterests: ['Matcha', 'Chai'] });
    const chaiOnly = await member(t, { ...here, teaInterests: ['Chai'] });
    const ids = await feedIds(viewer);
    expect(ids).toContain(matcha.user.id);
    expect(ids).not.toContain(chaiOnly.user.id);
  });

  it('matches lifestyle chips on interests, and Professional Career on a listed job', async () => {
    const viewer = await member(t, here);
    const reader = await member(t, { ...here, interests: ['Reading', 'Sushi'] });
    const gamer = await member(t, { ...here, interests: ['Video Games'] });
    const nurse = await member(t, { ...here, interests: ['Video Games'] });
    await setProfile(t, nurse, { job: 'Nurse' });

    await viewer.request('PUT', `/api/users/${viewer.user.id}/filters`, {
      minAge: 18,
      maxAge: 65,
      maxDistance: 50,
      lifestylePreferences: ['Book Lover'],
    });
    let ids = await feedIds(viewer);
    expect(ids).toContain(reader.user.id);
    expect(ids).not.toContain(gamer.user.id);
    expect(ids).not.toContain(nurse.user.id);

    await viewer.request('PUT', `/api/users/${viewer.user.id}/filters`, {
      minAge: 18,
      maxAge: 65,
      maxDistance: 50,
      lifestylePreferences: ['Book Lover', 'Professional Career'],
    });
    ids = await feedIds(viewer);
    expect(ids).toEqual(expect.arrayContaining([reader.user.id, nurse.user.id]));
    expect(ids).not.toContain(gamer.user.id);
  });
});

describe('discovery feed: ranking and pages', () => {
  it('ranks by compatibility, counts a running Profile Boost twice, and pages with a cursor without repeats', async () => {
    const here = { location: 'Boise, Idaho' };
    const shared = ['Yoga', 'Hiking', 'Reading', 'Coffee', 'Pottery'];
    const viewer = await member(t, { ...here, interests: shared, teaInterests: ['Matcha', 'Chai'] });
    const kindred = await member(t, { ...here, interests: shared, teaInterests: ['Matcha', 'Chai'] });
    await setProfile(t, kindred, { isVerified: true });
    const stranger = await member(t, { ...here, interests: ['Esports'], teaInterests: ['Rooibos'], bio: 'hi' });
    await setProfile(t, stranger, { lastActiveAt: new Date(Date.now() - 60 * 24 * 60 * 60_000) });
    const boosted = await premiumMember(t, { ...here, interests: ['Esports'], teaInterests: ['Rooibos'], bio: 'hi' });
    await setProfile(t, boosted, { lastActiveAt: new Date(Date.now() - 60 * 24 * 60 * 60_000) });
    expect((await boosted.request('POST', '/api/boost')).statusCode).toBe(200);
    const others = await Promise.all(Array.from({ length: 5 }, () => member(t, { ...here, interests: ['Yoga'] })));

    const all = await feedIds(viewer);
    expect(all[0]).toBe(kindred.user.id);
    // Same profile, but her boost doubles the rank.
    expect(all.indexOf(boosted.user.id)).toBeLessThan(all.indexOf(stranger.user.id));
    expect(all.at(-1)).toBe(stranger.user.id);
    expect(all).toHaveLength(8);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=3&cursor=${cursor}` : 'limit=3';
      const response = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.users.length).toBeLessThanOrEqual(3);
      seen.push(...page.users.map((u: { id: string }) => u.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all);
    expect(new Set([...others.map((o) => o.user.id)]).size).toBe(5);
  });

  it('ranks exactly by the documented score on every page size (the photo lookup is skipped only when it cannot matter)', async () => {
    const here = { location: 'Lincoln, Nebraska' };
    const random = createRandom(7);
    const interests = [...INTEREST_NAMES];
    const viewer = await member(t, {
      ...here,
      interests: interests.slice(0, 8),
      teaInterests: ['Matcha', 'Chai', 'Oolong'],
    });
    const DAY = 24 * 60 * 60_000;
    const expected = new Map<string, number>();
    for (let i = 0; i < 30; i++) {
      const premium = random.chance(0.3);
      const profile = {
        ...here,
        interests: random.sample(interests.slice(0, 16), random.int(0, 8)),
        teaInterests: random.sample(TEA_PREFERENCES.slice(0, 5), random.int(0, 3)),
        bio: random.chance(0.5) ? 'A bio that is comfortably longer than twenty characters.' : 'Short bio',
      };
      const candidate = premium ? await premiumMember(t, profile) : await member(t, profile);
      // Premium members who boost rank twice (Profile Boost).
      if (premium) expect((await candidate.request('POST', '/api/boost')).statusCode).toBe(200);
      const photoCount = random.int(0, 3);
      for (let p = 0; p < photoCount; p++) {
        await t.database.db
          .insert(photos)
          .values({ userId: candidate.user.id, position: p, largeKey: `t/${i}-${p}`, smallKey: `t/${i}-${p}s` });
      }
      const daysAgo = random.pick([0.1, 3, 20, 90]);
      const isVerified = random.chance(0.4);
      await setProfile(t, candidate, { lastActiveAt: new Date(Date.now() - daysAgo * DAY), isVerified });
      // The documented score, computed here independently of the SQL.
      const shared = Math.min(5, profile.interests.filter((x) => viewer.user.interests.includes(x)).length) * 8;
      const tea = Math.min(3, profile.teaInterests.filter((x) => viewer.user.teaInterests.includes(x)).length) * 5;
      const activity = daysAgo <= 1 ? 15 : daysAgo <= 7 ? 10 : daysAgo <= 30 ? 5 : 0;
      const completeness = profileCompleteness({ ...profile, prompts: [], photos: Array(photoCount).fill('x') });
      const score = shared + tea + activity + (isVerified ? 10 : 0) + Math.round((completeness * 20) / 100);
      expected.set(candidate.user.id, score * (premium ? 2 : 1));
    }

    const row = await findUser(t.database.db, viewer.user.id);
    if (!row) throw new Error('viewer missing');
    const full = await findCandidates(t.database.db, {
      viewer: row,
      filters: { ...DEFAULT_DISCOVERY_FILTERS, teaPreferences: [], lifestylePreferences: [] },
      scope: 'nearby',
      rankedAt: new Date(),
      rankBy: 'boosted',
      limit: 100,
    });
    expect(full).toHaveLength(30);
    for (const row of full) expect(row.rank, row.id).toBe(expected.get(row.id));
    const byRank = [...full].sort((a, b) => b.rank - a.rank || (a.id < b.id ? 1 : -1)).map((r) => r.id);
    expect(full.map((r) => r.id)).toEqual(byRank);

    for (const limit of [1, 4, 7]) {
      const paged: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `limit=${limit}&cursor=${cursor}` : `limit=${limit}`;
        const page = (await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?${query}`)).json();
        paged.push(...page.users.map((u: { id: string }) => u.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged, `limit ${limit}`).toEqual(byRank);
    }
  });

  it('carries her remaining likes and super likes', async () => {
    const viewer = await member(t, { location: 'Boise, Idaho' });
    const page = (await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?limit=1`)).json();
    expect(page.limits).toMatchObject({
      likesRemaining: 10,
      dailyLikeLimit: 10,
      superLikesRemaining: 1,
      weeklySuperLikeLimit: 1,
      superLikesResetAt: null,
    });
    const premium = await premiumMember(t, { location: 'Boise, Idaho' });
    const premiumPage = (await premium.request('GET', `/api/users/discovery/${premium.user.id}?limit=1`)).json();
    expect(premiumPage.limits).toMatchObject({ likesRemaining: null, dailyLikeLimit: null, superLikesRemaining: 5 });
  });
});

describe('filters', () => {
  it('starts from the defaults and saves a valid set', async () => {
    const user = await member(t);
    const initial = await user.request('GET', `/api/users/${user.user.id}/filters`);
    expect(initial.json()).toEqual({
      minAge: 18,
      maxAge: 65,
      maxDistance: 50,
      teaPreferences: [],
      lifestylePreferences: [],
    });

    const saved = {
      minAge: 25,
      maxAge: 40,
      maxDistance: 20,
      teaPreferences: ['Matcha'],
      lifestylePreferences: ['Foodie'],
    };
    const put = await user.request('PUT', `/api/users/${user.user.id}/filters`, saved);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(saved);
    expect((await user.request('GET', `/api/users/${user.user.id}/filters`)).json()).toEqual(saved);
  });

  it.each([
    ['minimum age under 18', { minAge: 17 }, 'minAge'],
    ['maximum age over 75', { maxAge: 76 }, 'maxAge'],
    ['minimum above maximum', { minAge: 40, maxAge: 30 }, 'maxAge'],
    ['fractional age', { minAge: 20.5 }, 'minAge'],
    ['distance 0', { maxDistance: 0 }, 'maxDistance'],
    ['distance over 100', { maxDistance: 101 }, 'maxDistance'],
    ['unknown tea', { teaPreferences: ['Coffee'] }, 'teaPreferences.0'],
    ['unknown lifestyle', { lifestylePreferences: ['Night Owl'] }, 'lifestylePreferences.0'],
  ])('refuses %s with 400 and changes nothing', async (_case, change, path) => {
    const user = await member(t);
    const valid = { minAge: 20, maxAge: 50, maxDistance: 30, teaPreferences: [], lifestylePreferences: [] };
    await user.request('PUT', `/api/users/${user.user.id}/filters`, valid);
    const response = await user.request('PUT', `/api/users/${user.user.id}/filters`, { ...valid, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await user.request('GET', `/api/users/${user.user.id}/filters`)).json()).toEqual(valid);
  });

  it("refuses reading or writing someone else's filters with 403", async () => {
    const user = await member(t);
    const other = await member(t);
    expect((await user.request('GET', `/api/users/${other.user.id}/filters`)).statusCode).toBe(403);
    const put = await user.request('PUT', `/api/users/${other.user.id}/filters`, {
      minAge: 20,
      maxAge: 30,
      maxDistance: 10,
    });
    expect(put.statusCode).toBe(403);
    expect((await other.request('GET', `/api/users/${other.user.id}/filters`)).json().maxAge).toBe(65);
  });
});

describe('ghost mode', () => {
  const here = { location: 'Missoula, Montana' };

  it('is Premium: a free member gets 403 and stays visible', async () => {
    const free = await member(t, here);
    const viewer = await member(t, here);
    const response = await free.request('POST', `/api/users/${free.user.id}/ghost-mode`, { ghostMode: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('PREMIUM_REQUIRED');
    expect(await feedIds(viewer)).toContain(free.user.id);
  });

  it('can only be set for herself', async () => {
    const ghost = await premiumMember(t, here);
    const other = await premiumMember(t, here);
    const response = await ghost.request('POST', `/api/users/${other.user.id}/ghost-mode`, { ghostMode: true });
    expect(response.statusCode).toBe(403);
    const invalid = await ghost.request('POST', `/api/users/${ghost.user.id}/ghost-mode`, { ghostMode: 'yes' });
    expect(invalid.statusCode).toBe(400);
  });

  it('hides her from discovery, refuses likes to her, keeps existing matches, and makes no new ones', async () => {
    const ghost = await premiumMember(t, here);
    const viewer = await member(t, here);
    const matched = await member(t, here);
    const admirer = await member(t, here);
    await like(ghost, matched);
    await like(matched, ghost);
    await like(admirer, ghost);

    const on = await setGhost(ghost, true);
    expect(on).toMatchObject({ ghostMode: true });
    expect((await ghost.request('GET', '/api/auth/me')).json().ghostMode).toBe(true);
    expect(await feedIds(viewer)).not.toContain(ghost.user.id);

    const refused = await swipe(viewer, ghost);
    expect(refused.statusCode).toBe(404);

    // Her existing match goes on.
    expect((await matchesOf(matched)).map((m) => m.otherUser.id)).toContain(ghost.user.id);

    // She likes back someone who liked her: recorded, but no match while she is hidden.
    const likeBack = await like(ghost, admirer);
    expect(likeBack.match).toBeNull();
    expect((await matchesOf(admirer)).map((m) => m.otherUser.id)).not.toContain(ghost.user.id);

    // Ghost off: visible again, and the mutual like she kept becomes the match.
    const off = await setGhost(ghost, false);
    expect(off.ghostMode).toBe(false);
    expect(off.message).toContain('1 new match');
    expect(await feedIds(viewer)).toContain(ghost.user.id);
    expect((await matchesOf(admirer)).map((m) => m.otherUser.id)).toContain(ghost.user.id);
  });
});

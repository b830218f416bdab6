import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCOVERY_FILTERS, type DiscoveryFilters } from '../../../contract/discovery';
import { DEFAULT_PREFERENCES } from '../../../contract/preferences';
import { locationCoordinates } from '../../../contract/locations';
import { insertBlock, type UserRow } from '../../core';
import { insertMember, useTestDatabase } from '../../test/direct';
import { discoveryHolds, photos, reports, swipes, userPreferences } from '../../test/tables';
import {
  deleteTravelPlan,
  findCandidates,
  finishedTravellers,
  lockTravelPlan,
  poolEnd,
  popularInterestsAt,
  travelPlanOf,
  upsertTravelPlan,
  viewerRow,
  type CandidateSearch,
} from './repository';

/** The discovery query and discovery's own rows straight on the database: no app, no HTTP. */
const db = useTestDatabase();

/** A member living in `location` (a catalogue city, its centre as her coordinates). */
function memberIn(location: string, overrides: Partial<UserRow> = {}): Promise<UserRow> {
  const centre = locationCoordinates(location);
  if (!centre) throw new Error(`not a catalogue city: ${location}`);
  return insertMember(db(), { location, latitude: centre.lat, longitude: centre.lng, ...overrides });
}

async function searchFor(userId: string, overrides: Partial<CandidateSearch> = {}): Promise<CandidateSearch> {
  const row = await viewerRow(db(), userId);
  if (!row) throw new Error('no viewer');
  const filters: DiscoveryFilters = { ...DEFAULT_DISCOVERY_FILTERS, teaPreferences: [], lifestylePreferences: [] };
  return {
    viewer: row.viewer,
    filters,
    scope: 'city',
    rankedAt: new Date(),
    rankBy: 'compatibility',
    limit: 50,
    ...overrides,
  };
}

async function candidateIds(userId: string, overrides: Partial<CandidateSearch> = {}): Promise<string[]> {
  return (await findCandidates(db(), await searchFor(userId, overrides))).map((c) => c.id);
}

describe('who is a candidate', () => {
  it('everyone in her city but herself, ghosts, blocks, swiped, reported, held and out-of-range ages', async () => {
    const city = 'Burlington, Vermont';
    const viewer = await memberIn(city, { age: 30 });
    const plain = await memberIn(city, { age: 31 });
    const ghost = await memberIn(city, { ghostMode: true });
    const blocker = await memberIn(city);
    const swiped = await memberIn(city);
    const reported = await memberIn(city);
    const held = await memberIn(city);
    const tooOld = await memberIn(city, { age: 70 });
    const elsewhere = await memberIn('Billings, Montana');
    await insertBlock(db(), blocker.id, viewer.id);
    await db().insert(swipes).values({ userId: viewer.id, targetUserId: swiped.id, isLike: false, mode: 'dating' });
    await db().insert(reports).values({ reporterId: viewer.id, reportedUserId: reported.id, reason: 'spam' });
    await db().insert(discoveryHolds).values({ userId: held.id, reason: 'underage_user' });

    const ids = await candidateIds(viewer.id);
    expect(ids).toEqual([plain.id]);
    expect(ids).not.toContain(ghost.id);
    expect(ids).not.toContain(tooOld.id);
    // 'All Areas' reaches other cities.
    expect(await candidateIds(viewer.id, { scope: 'all' })).toContain(elsewhere.id);
  });

  it('ranks by the compatibility score, shared interests first, and pages by (rank, id)', async () => {
    const city = 'Cheyenne, Wyoming';
    const viewer = await memberIn(city, { interests: ['Yoga', 'Hiking', 'Reading'] });
    const close = await memberIn(city, { interests: ['Yoga', 'Hiking', 'Reading'] });
    const some = await memberIn(city, { interests: ['Yoga'] });
    const none = await memberIn(city, { interests: ['Chess'] });
    const found = await findCandidates(db(), await searchFor(viewer.id));
    expect(found.map((c) => c.id)).toEqual([close.id, some.id, none.id]);
    expect(found[0]!.score - found[1]!.score).toBe(16);
    expect(found.every((c) => c.rank === c.score && c.distanceMiles < 1)).toBe(true);
    const after = { rank: found[0]!.rank, id: found[0]!.id };
    expect(await candidateIds(viewer.id, { after })).toEqual([some.id, none.id]);
  });

  it('each candidate comes with her photos in order, her privacy choices and whether she is visiting', async () => {
    const city = 'Rutland, Vermont';
    const viewer = await memberIn(city);
    const plain = await memberIn(city);
    const reserved = await memberIn(city);
    const visitor = await memberIn(city);
    await db()
      .insert(photos)
      .values(
        [1, 0, 2].map((position) => ({
          userId: plain.id,
          position,
          largeKey: `l${position}`,
          smallKey: `s${position}`,
        })),
      );
    await db().insert(userPreferences).values({
      userId: reserved.id,
      showAge: false,
      showDistance: false,
      showOnlineStatus: false,
      showLastActive: false,
      lifestyle: DEFAULT_PREFERENCES.lifestyle,
      premium: DEFAULT_PREFERENCES.premium,
      notifications: DEFAULT_PREFERENCES.notifications,
      app: DEFAULT_PREFERENCES.app,
    });
    const until = new Date(Date.now() + 60 * 60_000);
    await upsertTravelPlan(db(), visitor.id, {
      location: city,
      homeLocation: 'Bangor, Maine',
      until,
      createdAt: new Date(),
    });
    // A plan for a city her row no longer shows (she moved since) is not a visit.
    await upsertTravelPlan(db(), plain.id, {
      location: 'Barre, Vermont',
      homeLocation: city,
      until,
      createdAt: new Date(),
    });

    const found = new Map((await findCandidates(db(), await searchFor(viewer.id))).map((c) => [c.id, c]));
    expect(found.get(plain.id)).toMatchObject({ photoKeys: ['l0', 'l1', 'l2'], visiting: false });
    const shared = { showAge: true, showDistance: true, showOnlineStatus: true, showLastActive: true };
    expect(found.get(plain.id)?.shows).toEqual(shared);
    expect(found.get(reserved.id)).toMatchObject({
      photoKeys: [],
      visiting: false,
      shows: { showAge: false, showDistance: false, showOnlineStatus: false, showLastActive: false },
    });
    expect(found.get(visitor.id)).toMatchObject({ visiting: true, shows: shared });
  });

  it('with fewer candidates than a pool, there is no next window', async () => {
    const viewer = await memberIn('Casper, Wyoming');
    await memberIn('Casper, Wyoming');
    expect(await poolEnd(db(), await searchFor(viewer.id))).toBeUndefined();
  });
});

describe('interests trending near her', () => {
  it('counts members at those places, not her and not ghosts, most listed first', async () => {
    const city = 'Missoula, Montana';
    const me = await memberIn(city, { interests: ['Chess', 'Chess'] });
    await memberIn(city, { interests: ['Yoga', 'Hiking'] });
    await memberIn(city, { interests: ['Yoga'] });
    await memberIn(city, { interests: ['Chess'], ghostMode: true });
    expect(await popularInterestsAt(db(), me.id, [city], 8)).toEqual([
      { interest: 'Yoga', count: 2 },
      { interest: 'Hiking', count: 1 },
    ]);
    expect(await popularInterestsAt(db(), me.id, [city], 1)).toEqual([{ interest: 'Yoga', count: 2 }]);
  });
});

describe('travel plans', () => {
  it('one plan per member, replaced by the next; finished ones are found by their end', async () => {
    const ana = await memberIn('Bangor, Maine');
    const now = new Date();
    const later = new Date(now.getTime() + 60 * 60_000);
    await upsertTravelPlan(db(), ana.id, {
      location: 'Lewiston, Maine',
      homeLocation: 'Bangor, Maine',
      until: later,
      createdAt: now,
    });
    await upsertTravelPlan(db(), ana.id, {
      location: 'Colchester, Vermont',
      homeLocation: 'Bangor, Maine',
      until: later,
      createdAt: now,
    });
    expect(await travelPlanOf(db(), ana.id)).toMatchObject({
      location: 'Colchester, Vermont',
      homeLocation: 'Bangor, Maine',
    });
    expect(await finishedTravellers(db(), now)).not.toContain(ana.id);
    expect(await finishedTravellers(db(), later)).toContain(ana.id);
    await db().transaction(async (tx) => {
      expect((await lockTravelPlan(tx, ana.id))?.location).toBe('Colchester, Vermont');
      await deleteTravelPlan(tx, ana.id);
    });
    expect(await travelPlanOf(db(), ana.id)).toBeUndefined();
  });
});

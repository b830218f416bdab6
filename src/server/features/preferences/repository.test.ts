import { inArray, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../contract/preferences';
import { insertMember, useTestDatabase } from '../../test/direct';
import { discoveryMembers as projection, users as memberRows } from '../../test/tables';
import { saveFilters } from './filters';
import {
  acceptsOnlyVerifiedWriters,
  discoveryConditions,
  friendsRangeHolds,
  inDeck,
  inDeckAt,
  notificationKindOn,
  preferencesRow,
  savedLanguages,
  savedRangeHolds,
  upsertFriendsFilters,
  preferencesRevision,
  upsertPreferencesAt,
  writePreferenceColumns,
  type EditorColumns,
  type MatchingViewer,
} from './repository';

/** Her preferences, her filters and the fragments other features filter with, straight on the database. */
const db = useTestDatabase();

const EDITOR_DEFAULTS: EditorColumns = {
  interests: [],
  dealBreakers: [],
  profileVisibility: DEFAULT_PREFERENCES.privacy.profileVisibility,
  allowMessagesFrom: DEFAULT_PREFERENCES.privacy.allowMessagesFrom,
  showAge: true,
  showDistance: true,
  showOnlineStatus: true,
  showLastActive: true,
  lifestyle: DEFAULT_PREFERENCES.lifestyle,
  premium: DEFAULT_PREFERENCES.premium,
  notifications: DEFAULT_PREFERENCES.notifications,
  app: DEFAULT_PREFERENCES.app,
};

async function save(userId: string, columns: Partial<EditorColumns>) {
  const revision = await preferencesRevision(db(), userId);
  return upsertPreferencesAt(db(), userId, revision, { ...EDITOR_DEFAULTS, ...columns });
}

/** Which of `ids` a members query filtered by `condition` keeps, in the order given. */
async function kept(ids: string[], condition: SQL): Promise<string[]> {
  const rows = await db()
    .select({ id: memberRows.id })
    .from(memberRows)
    .where(sql`${inArray(memberRows.id, ids)} and ${condition}`);
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

async function members(n: number) {
  return (await Promise.all(Array.from({ length: n }, () => insertMember(db())))).map((m) => m.id);
}

describe('her row', () => {
  it('writing some settings leaves the rest, and a member who never saved gets the defaults with them', async () => {
    const [ana] = await members(1);
    await writePreferenceColumns(db(), ana!, { lookingFor: 'both' });
    expect(await preferencesRow(db(), ana!)).toMatchObject({
      lookingFor: 'both',
      notifications: DEFAULT_PREFERENCES.notifications,
      app: DEFAULT_PREFERENCES.app,
    });
    await save(ana!, { dealBreakers: ['Smoking'] });
    const app = { ...DEFAULT_PREFERENCES.app, language: 'es' as const };
    await writePreferenceColumns(db(), ana!, { app });
    expect(await preferencesRow(db(), ana!)).toMatchObject({ lookingFor: 'both', dealBreakers: ['Smoking'], app });
  });

  it('reads saved languages only of those who saved one', async () => {
    const [ana, bea] = await members(2);
    await writePreferenceColumns(db(), ana!, { app: { ...DEFAULT_PREFERENCES.app, language: 'es' } });
    const saved = await savedLanguages(db(), [ana!, bea!, ana!]);
    expect([...saved]).toEqual([[ana!, 'es']]);
    expect(await savedLanguages(db(), [])).toEqual(new Map());
  });
});

describe('decks', () => {
  it('the dating deck leaves out only who looks for friends; the Friends deck holds only friends or both', async () => {
    const [none, dating, friends, both] = await members(4);
    await writePreferenceColumns(db(), dating!, { lookingFor: 'dating' });
    await writePreferenceColumns(db(), friends!, { lookingFor: 'friends' });
    await writePreferenceColumns(db(), both!, { lookingFor: 'both' });
    const ids = [none!, dating!, friends!, both!];
    expect(await kept(ids, inDeck('dating', memberRows.id))).toEqual([none, dating, both]);
    expect(await kept(ids, inDeck('friends', memberRows.id))).toEqual([friends, both]);
    // The prepared statement's form agrees with the plain one, for each deck as a value.
    for (const mode of ['dating', 'friends'] as const) {
      expect(await kept(ids, inDeckAt(sql`${mode}::text`, sql`${memberRows.id}`))).toEqual(
        await kept(ids, inDeck(mode, memberRows.id)),
      );
    }
  });
});

describe('age ranges', () => {
  it('her saved range, as discovery’s projection holds it, must hold the viewer’s age; without one, the default decides', async () => {
    const [unsaved, narrow, wide] = await members(3);
    const base = { maxDistance: 50, teaPreferences: [], lifestylePreferences: [] };
    await saveFilters(db(), narrow!, { ...base, minAge: 30, maxAge: 35 });
    await saveFilters(db(), wide!, { ...base, minAge: 18, maxAge: 90 });
    const ids = [unsaved!, narrow!, wide!];
    const holds = (age: number) =>
      sql`${memberRows.id} in (select p.id from ${projection} p where ${savedRangeHolds(
        { minAge: sql`p.saved_min_age`, maxAge: sql`p.saved_max_age` },
        age,
      )})`;
    expect(await kept(ids, holds(32))).toEqual(ids);
    expect(await kept(ids, holds(40))).toEqual([unsaved, wide]);
    expect(await kept(ids, holds(70))).toEqual([wide]);
    // Saving again moves the projected range with it.
    await saveFilters(db(), narrow!, { ...base, minAge: 38, maxAge: 45 });
    expect(await kept(ids, holds(40))).toEqual(ids);
  });

  it('the Friends range likewise, everyone by default', async () => {
    const [unsaved, narrow] = await members(2);
    await upsertFriendsFilters(db(), narrow!, { minAge: 25, maxAge: 30, maxDistance: 25, interests: [] });
    expect(await kept([unsaved!, narrow!], friendsRangeHolds(memberRows.id, 28))).toEqual([unsaved, narrow]);
    expect(await kept([unsaved!, narrow!], friendsRangeHolds(memberRows.id, 60))).toEqual([unsaved]);
  });
});

describe('discovery conditions', () => {
  const columns = {
    id: memberRows.id,
    lifestyle: memberRows.lifestyle,
    relationshipGoals: memberRows.relationshipGoals,
    isVerified: memberRows.isVerified,
    location: memberRows.location,
  };
  const viewer = (overrides: Partial<MatchingViewer> = {}): MatchingViewer => ({
    dealBreakers: [],
    lifestyle: {},
    relationshipGoals: null,
    isVerified: true,
    ...overrides,
  });

  it('her deal breakers rule out who they describe, and a missing answer rules no one out', async () => {
    const smoker = (await insertMember(db(), { lifestyle: { smoking: 'socially' } })).id;
    const never = (await insertMember(db(), { lifestyle: { smoking: 'never' } })).id;
    const silent = (await insertMember(db(), { lifestyle: {} })).id;
    const ids = [smoker, never, silent];
    expect(await kept(ids, discoveryConditions(viewer({ dealBreakers: ['Smoking'] }), [], columns))).toEqual([
      never,
      silent,
    ]);
    expect(await kept(ids, discoveryConditions(viewer(), [], columns))).toEqual(ids);
  });

  it('their deal breakers rule her out, hidden members are out, and long distance works both ways', async () => {
    const [plain, noSmokers, hidden, farOnly] = await members(4);
    await save(noSmokers!, { dealBreakers: ['Smoking'] });
    await save(hidden!, { profileVisibility: 'hidden' });
    await save(farOnly!, { dealBreakers: ['Long distance'] });
    const ids = [plain!, noSmokers!, hidden!, farOnly!];
    const smokingViewer = viewer({ lifestyle: { smoking: 'regularly' } });
    const near = ['Portland, Oregon'];
    expect(await kept(ids, discoveryConditions(smokingViewer, near, columns))).toEqual([plain, farOnly]);
    // Nobody's location is near her: the member with 'Long distance' drops out, and so does everyone for hers.
    expect(await kept(ids, discoveryConditions(viewer(), ['Nowhere, Texas'], columns))).toEqual([plain, noSmokers]);
    expect(await kept(ids, discoveryConditions(viewer({ dealBreakers: ['Long distance'] }), [], columns))).toEqual([]);
  });
});

describe('fragments for messages and notifications', () => {
  it('only a member who chose it accepts only verified writers', async () => {
    const [verifiedOnly, everyone, unsaved] = await members(3);
    await save(verifiedOnly!, { allowMessagesFrom: 'verified' });
    await save(everyone!, { allowMessagesFrom: 'everyone' });
    const ids = [verifiedOnly!, everyone!, unsaved!];
    expect(await kept(ids, acceptsOnlyVerifiedWriters(memberRows.id))).toEqual([verifiedOnly]);
  });

  it('a kind of notification is on unless she switched it off', async () => {
    const [off, on, unsaved] = await members(3);
    await writePreferenceColumns(db(), off!, {
      notifications: { ...DEFAULT_PREFERENCES.notifications, newMatches: false },
    });
    await writePreferenceColumns(db(), on!, { notifications: DEFAULT_PREFERENCES.notifications });
    const holds = async (userId: string) =>
      (await kept([userId], notificationKindOn(userId, 'newMatches'))).length === 1;
    expect([await holds(off!), await holds(on!), await holds(unsaved!)]).toEqual([false, true, true]);
  });
});

describe('upsertPreferencesAt', () => {
  it('writes only over the revision it was given, and counts every write', async () => {
    const { id } = await insertMember(db());
    expect(await upsertPreferencesAt(db(), id, 0, EDITOR_DEFAULTS)).toBe(1);
    // A second "first save" (another device that also started from the defaults) is refused, not merged.
    expect(await upsertPreferencesAt(db(), id, 0, { ...EDITOR_DEFAULTS, interests: ['Yoga'] })).toBeUndefined();
    expect(await upsertPreferencesAt(db(), id, 1, { ...EDITOR_DEFAULTS, interests: ['Hiking'] })).toBe(2);
    expect(await upsertPreferencesAt(db(), id, 1, EDITOR_DEFAULTS)).toBeUndefined();
    await writePreferenceColumns(db(), id, { app: { ...DEFAULT_PREFERENCES.app, tourSeen: true } });
    expect(await preferencesRevision(db(), id)).toBe(3);
    expect((await preferencesRow(db(), id))?.interests).toEqual(['Hiking']);
  });
});

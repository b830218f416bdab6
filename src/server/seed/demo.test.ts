import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEREST_NAMES, TEA_PREFERENCES } from '../../contract/interests';
import { distanceMiles, isKnownLocation, locationCoordinates } from '../../contract/locations';
import { US_STATES_DATA } from '../../contract/locations-data';
import { publicProfile, RELATIONSHIP_GOALS, updateProfileBody } from '../../contract/profiles';
import { loadConfig, type Config } from '../config';
import { NO_PASSWORD, verifyPassword } from '../features/auth';
import { presentPublic, type MediaStorage } from '../features/profiles';
import { openPglite, type Database } from '../db/client';
import { photos, swipes, travelPlans, userPreferences, users, type UserRow } from '../test/tables';
import { MIN_VERIFICATION_PHOTOS } from '../../contract/verification';
import {
  DEMO_ADMIRERS,
  DEMO_FRIEND_ADMIRERS,
  DEMO_FRIENDS_AND_DATING,
  DEMO_FRIENDS_ONLY,
  DEMO_ITEM_LIKES,
  DEMO_VISITORS,
  DEMO_LOGIN,
  DEMO_MODERATOR_LOGIN,
  demoProfiles,
  seedDemoIfEmpty,
  type SeedDemoResult,
} from './demo';
import { generateProfiles } from './profiles';
import { createRandom } from './random';

const SEED_TIMEOUT = 120_000;

function tempConfig(): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'steep-seed-')) });
}

function isWebp(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP';
}

/** Storage that keeps files in memory, for the cheaper tests. */
function memoryStorage(failOnPut?: number): MediaStorage & { files: Map<string, Buffer> } {
  const files = new Map<string, Buffer>();
  let puts = 0;
  return {
    files,
    space: 'photos',
    visibility: 'public',
    async put(key, data) {
      if (++puts === failOnPut) throw new Error('disk full');
      files.set(key, data);
    },
    async get(key) {
      const data = files.get(key);
      if (!data) throw new Error(`no file ${key}`);
      return data;
    },
    async delete(key) {
      files.delete(key);
    },
    async *keys() {
      yield* files.keys();
    },
    async temporaryUrl() {
      return undefined;
    },
  };
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('seedDemoIfEmpty: the default community', () => {
  let database: Database;
  let config: Config;
  let result: SeedDemoResult | undefined;
  let rows: UserRow[];
  let community: UserRow[];
  let photoRows: Array<typeof photos.$inferSelect>;

  beforeAll(async () => {
    database = await openPglite();
    config = tempConfig();
    dataDirs.push(config.DATA_DIR);
    const startedAt = performance.now();
    result = await seedDemoIfEmpty(database.db, config);
    console.info(`demo seed took ${Math.round(performance.now() - startedAt)} ms`);
    rows = await database.db.select().from(users).orderBy(asc(users.username));
    community = rows.filter((u) => u.username !== DEMO_LOGIN.username && u.username !== DEMO_MODERATOR_LOGIN.username);
    photoRows = await database.db.select().from(photos);
  }, SEED_TIMEOUT);

  afterAll(async () => {
    await database?.close();
  });

  it('creates 280 profiles plus the demo account and the demo moderator, and reports both logins', () => {
    expect(result).toEqual({
      users: 282,
      login: { username: 'demo', password: 'Demo_1234' },
      moderatorLogin: { username: 'moderator', password: 'Moderate_1234' },
    });
    expect(rows).toHaveLength(282);
    expect(community).toHaveLength(280);
    const moderator = rows.find((u) => u.username === DEMO_MODERATOR_LOGIN.username);
    expect(moderator).toMatchObject({ role: 'moderator', ghostMode: true });
    expect(community.every((u) => u.role === 'member')).toBe(true);
  });

  it('spreads people over known cities, more in bigger ones', () => {
    const perCity = new Map<string, number>();
    for (const user of rows) perCity.set(user.location, (perCity.get(user.location) ?? 0) + 1);
    expect(perCity.size).toBeGreaterThanOrEqual(40);
    for (const location of perCity.keys()) expect(isKnownLocation(location), location).toBe(true);
    expect(perCity.get('New York City, New York')).toBeGreaterThan(perCity.get('Madison, Wisconsin') ?? 0);
    expect(perCity.get('Portland, Oregon')).toBeGreaterThanOrEqual(10);
    for (const user of rows) {
      expect(Number.isFinite(user.latitude) && Number.isFinite(user.longitude)).toBe(true);
    }
  });

  it('gives every profile plausible, valid fields', () => {
    const now = Date.now();
    for (const user of community) {
      expect(user.username).toMatch(/^[a-z0-9_.]{3,30}$/);
      expect(user.passwordHash).toBe(NO_PASSWORD);
      expect(user.age).toBeGreaterThanOrEqual(21);
      expect(user.age).toBeLessThanOrEqual(55);
      expect(user.bio.length).toBeGreaterThanOrEqual(40);
      expect(user.bio.length).toBeLessThanOrEqual(250);
      expect(user.bio).not.toMatch(/[{}]|undefined/);
      expect(user.interests.length).toBeGreaterThanOrEqual(4);
      expect(user.interests.length).toBeLessThanOrEqual(9);
      expect(new Set(user.interests).size).toBe(user.interests.length);
      for (const interest of user.interests) expect(INTEREST_NAMES.has(interest), interest).toBe(true);
      expect(user.teaInterests.length).toBeGreaterThanOrEqual(1);
      expect(user.teaInterests.length).toBeLessThanOrEqual(4);
      for (const tea of user.teaInterests) expect(TEA_PREFERENCES).toContain(tea);
      expect(user.heightCm).toBeGreaterThanOrEqual(150);
      expect(user.heightCm).toBeLessThanOrEqual(185);
      expect(user.pronouns).toMatch(user.genderIdentity === 'woman' ? /^she\/(her|they)$/ : /^(they\/them|she\/they)$/);
      expect(RELATIONSHIP_GOALS as readonly (string | null)[]).toContain(user.relationshipGoals);
      expect(user.loveLanguage).toBeTruthy();
      expect(user.job).toBeTruthy();
      expect(user.education).toBeTruthy();
      expect(Object.keys(user.lifestyle).sort()).toEqual(['drinking', 'fitness', 'pets', 'smoking']);
      const created = user.createdAt.getTime();
      const active = user.lastActiveAt?.getTime() ?? 0;
      expect(created).toBeGreaterThan(now - 91 * 86_400_000);
      expect(active).toBeGreaterThanOrEqual(created);
      expect(active).toBeGreaterThan(now - 10 * 86_400_000 - 60_000);
      expect(active).toBeLessThanOrEqual(now);
    }
    expect(new Set(rows.map((u) => u.username.toLowerCase())).size).toBe(rows.length);
  });

  it('has someone within a few hundred miles of every state, Burlington VT and Missoula MT included', () => {
    const seeded = [...new Set(community.map((u) => u.location))].map((l) => locationCoordinates(l)!);
    const places = [
      ...US_STATES_DATA.map((s) => `${s.cities[0]![0]}, ${s.name}`),
      'Burlington, Vermont',
      'Missoula, Montana',
    ];
    for (const place of places) {
      const here = locationCoordinates(place)!;
      const nearest = Math.min(...seeded.map((c) => distanceMiles(here, c)));
      expect(nearest, place).toBeLessThan(300);
    }
  });

  it('seeds only what a member could have entered: every profile parses with the public and edit schemas', () => {
    for (const user of rows) {
      const photoUrls = photoRows.filter((p) => p.userId === user.id).map((p) => `/media/${p.largeKey}`);
      expect(publicProfile.safeParse(presentPublic(user, photoUrls)).success, user.username).toBe(true);
      const edit = {
        name: user.name,
        age: user.age,
        bio: user.bio,
        location: user.location,
        pronouns: user.pronouns,
        job: user.job,
        education: user.education,
        height: user.heightCm,
        relationshipGoals: user.relationshipGoals,
        loveLanguage: user.loveLanguage,
        lifestyle: user.lifestyle,
        interests: user.interests,
        teaInterests: user.teaInterests,
        prompts: user.prompts,
      };
      const parsed = updateProfileBody.safeParse(edit);
      expect(parsed.error?.issues ?? [], user.username).toEqual([]);
      // Nothing dropped or rewritten: saving the profile unchanged keeps every answer.
      expect(parsed.data, user.username).toEqual(edit);
    }
  });

  it('mixes identities, orientations and activity realistically', () => {
    const share = (predicate: (u: UserRow) => boolean) => community.filter(predicate).length / community.length;
    expect(share((u) => u.genderIdentity === 'non-binary')).toBeGreaterThan(0.1);
    expect(share((u) => u.genderIdentity === 'non-binary')).toBeLessThan(0.3);
    for (const orientation of ['lesbian', 'bisexual', 'pansexual'] as const) {
      expect(share((u) => u.sexualOrientation === orientation)).toBeGreaterThan(0.1);
    }
    expect(share((u) => u.isVerified)).toBeGreaterThan(0.07);
    expect(share((u) => u.isVerified)).toBeLessThan(0.25);
    const recently = Date.now() - 5 * 60_000;
    expect(community.filter((u) => (u.lastActiveAt?.getTime() ?? 0) > recently).length).toBeGreaterThan(5);
    expect(new Set(community.map((u) => u.bio)).size).toBeGreaterThan(190);
    expect(new Set(community.map((u) => u.name)).size).toBeGreaterThan(80);
  });

  it('gives everyone 1-3 photos whose WebP files exist on disk', async () => {
    const mediaDir = path.join(config.DATA_DIR, 'media');
    const byUser = new Map<string, number[]>();
    for (const photo of photoRows) byUser.set(photo.userId, [...(byUser.get(photo.userId) ?? []), photo.position]);
    for (const user of rows.filter((u) => u.role === 'member')) {
      const positions = (byUser.get(user.id) ?? []).sort();
      expect(positions.length).toBeGreaterThanOrEqual(1);
      expect(positions.length).toBeLessThanOrEqual(3);
      expect(positions).toEqual(positions.map((_, i) => i));
    }
    const keys = photoRows.flatMap((p) => [p.largeKey, p.smallKey]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(readdirSync(mediaDir))).toEqual(new Set(keys));
    for (const key of keys) expect(isWebp(readFileSync(path.join(mediaDir, key))), key).toBe(true);

    const [sample] = photoRows;
    if (!sample) throw new Error('no photos');
    expect(await sharp(path.join(mediaDir, sample.largeKey)).metadata()).toMatchObject({
      width: 1080,
      height: 1080,
      format: 'webp',
    });
    expect(await sharp(path.join(mediaDir, sample.smallKey)).metadata()).toMatchObject({
      width: 320,
      height: 320,
      format: 'webp',
    });
  });

  it('creates the demo login with a complete Portland profile', { timeout: 30_000 }, async () => {
    const demo = rows.find((u) => u.username === DEMO_LOGIN.username);
    if (!demo) throw new Error('no demo user');
    expect(demo).toMatchObject({ name: 'Jordan', age: 29, location: 'Portland, Oregon', isVerified: true });
    expect(demo.prompts).toHaveLength(2);
    expect(demo.bio.length).toBeGreaterThanOrEqual(40);
    expect(demo.interests.length).toBeGreaterThanOrEqual(4);
    expect(photoRows.filter((p) => p.userId === demo.id)).toHaveLength(MIN_VERIFICATION_PHOTOS);
    expect(await verifyPassword(DEMO_LOGIN.password, demo.passwordHash)).toBe(true);
    expect(await verifyPassword('demo_1234', demo.passwordHash)).toBe(false);
  });

  it('has a few Portland neighbours like the demo account already, one with a super like', async () => {
    const demo = rows.find((u) => u.username === DEMO_LOGIN.username);
    if (!demo) throw new Error('no demo user');
    const likes = await database.db
      .select()
      .from(swipes)
      .where(and(eq(swipes.targetUserId, demo.id), eq(swipes.mode, 'dating')));
    expect(likes).toHaveLength(DEMO_ADMIRERS);
    expect(likes.every((l) => l.isLike)).toBe(true);
    expect(likes.filter((l) => l.isSuperLike)).toHaveLength(1);
    const admirers = rows.filter((u) => likes.some((l) => l.userId === u.id));
    expect(admirers.every((u) => u.location === 'Portland, Oregon')).toBe(true);
    // Some liked one of her prompts or photos, with a comment: the likes list shows it on first start.
    const specific = likes.filter((l) => l.likedPromptId !== null || l.likedPhotoId !== null);
    expect(specific).toHaveLength(DEMO_ITEM_LIKES);
    expect(specific.filter((l) => l.comment !== null).length).toBeGreaterThanOrEqual(2);
    for (const l of specific) {
      if (l.likedPromptId) expect(demo.prompts.map((p) => p.promptId)).toContain(l.likedPromptId);
      if (l.likedPhotoId) expect(photoRows.find((p) => p.id === l.likedPhotoId)?.userId).toBe(demo.id);
      expect((l.comment ?? '').length).toBeLessThanOrEqual(140);
    }
  });

  it('has Portland neighbours looking for friends only or both, two of whom liked her as a friend', async () => {
    const demo = rows.find((u) => u.username === DEMO_LOGIN.username);
    if (!demo) throw new Error('no demo user');
    const chosen = await database.db
      .select({ userId: userPreferences.userId, lookingFor: userPreferences.lookingFor })
      .from(userPreferences);
    expect(chosen.filter((c) => c.lookingFor === 'friends')).toHaveLength(DEMO_FRIENDS_ONLY);
    expect(chosen.filter((c) => c.lookingFor === 'both')).toHaveLength(DEMO_FRIENDS_AND_DATING);
    for (const { userId } of chosen) expect(rows.find((u) => u.id === userId)?.location).toBe('Portland, Oregon');
    const friendLikes = await database.db
      .select()
      .from(swipes)
      .where(and(eq(swipes.targetUserId, demo.id), eq(swipes.mode, 'friends')));
    expect(friendLikes).toHaveLength(DEMO_FRIEND_ADMIRERS);
    expect(friendLikes.every((l) => chosen.some((c) => c.userId === l.userId))).toBe(true);
  });

  it('has a few Premium members from other cities visiting Portland in Travel mode', async () => {
    const plans = await database.db.select().from(travelPlans);
    expect(plans).toHaveLength(DEMO_VISITORS);
    for (const plan of plans) {
      const visitor = rows.find((u) => u.id === plan.userId);
      expect(visitor?.location).toBe('Portland, Oregon');
      expect(plan.location).toBe('Portland, Oregon');
      expect(plan.homeLocation).not.toBe('Portland, Oregon');
      expect(visitor?.premiumUntil?.getTime()).toBeGreaterThan(plan.until.getTime());
      expect(plan.until.getTime() - Date.now()).toBeLessThanOrEqual(14 * 86_400_000);
    }
  });

  it('does nothing the second time', async () => {
    const files = readdirSync(path.join(config.DATA_DIR, 'media')).length;
    expect(await seedDemoIfEmpty(database.db, config)).toBeUndefined();
    const [userCount] = await database.db.select({ n: count() }).from(users);
    const [photoCount] = await database.db.select({ n: count() }).from(photos);
    expect(userCount?.n).toBe(282);
    expect(photoCount?.n).toBe(photoRows.length);
    expect(readdirSync(path.join(config.DATA_DIR, 'media'))).toHaveLength(files);
  });
});

describe('seedDemoIfEmpty: determinism and failure', () => {
  async function seedSmall(storage: MediaStorage) {
    const database = await openPglite();
    try {
      const config = tempConfig();
      dataDirs.push(config.DATA_DIR);
      const result = await seedDemoIfEmpty(database.db, config, { users: 12, storage });
      const rows = await database.db
        .select({
          username: users.username,
          name: users.name,
          age: users.age,
          location: users.location,
          bio: users.bio,
        })
        .from(users)
        .orderBy(asc(users.username));
      return { result, rows };
    } finally {
      await database.close();
    }
  }

  it(
    'gives the same community in two fresh databases',
    async () => {
      const first = await seedSmall(memoryStorage());
      const second = await seedSmall(memoryStorage());
      expect(first.result?.users).toBe(14);
      expect(second.rows).toEqual(first.rows);
    },
    SEED_TIMEOUT,
  );

  it('is pure in its profile generation and depends on the seed', () => {
    const a = generateProfiles(createRandom(1), 200, new Set(['demo']));
    const b = generateProfiles(createRandom(1), 200, new Set(['demo']));
    const c = generateProfiles(createRandom(2), 200, new Set(['demo']));
    expect(b).toEqual(a);
    expect(c.map((p) => p.username)).not.toEqual(a.map((p) => p.username));
  });

  it(
    'leaves no rows and no files behind when storing a photo fails',
    async () => {
      const storage = memoryStorage(7);
      const database = await openPglite();
      try {
        const config = tempConfig();
        dataDirs.push(config.DATA_DIR);
        await expect(seedDemoIfEmpty(database.db, config, { users: 5, storage })).rejects.toThrow('disk full');
        expect(storage.files.size).toBe(0);
        expect(await database.db.select().from(users).where(eq(users.username, 'demo'))).toEqual([]);
      } finally {
        await database.close();
      }
    },
    SEED_TIMEOUT,
  );
});

describe('demo data keeps the rules the app displays', () => {
  it('every verified profile, the demo account first, has at least the photos verification asks for', () => {
    const profiles = demoProfiles(400);
    const demo = profiles[0]!;
    expect(demo.username).toBe(DEMO_LOGIN.username);
    expect(demo.isVerified).toBe(true);
    const verified = profiles.filter((p) => p.isVerified);
    expect(verified.length).toBeGreaterThan(20);
    for (const p of verified) expect(p.photoCount, p.username).toBeGreaterThanOrEqual(MIN_VERIFICATION_PHOTOS);
  });
});

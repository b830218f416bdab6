import { availableParallelism } from 'node:os';
import { MIN_VERIFICATION_PHOTOS } from '../../contract/verification';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { locationCoordinates } from '../../contract/locations';
import { hashPassword, NO_PASSWORD } from '../features/auth';
import { setLookingFor } from '../features/preferences';
import { diskMediaSpaces, newMediaKey, type MediaStorage } from '../media';
import type { Db } from '../db/client';
import { reprojectMembers } from '../core';
import { travelPlans } from '../db/schema/discovery';
import { swipes } from '../db/schema/matches';
import { photos } from '../db/schema/photos';
import { reports } from '../db/schema/safety';
import { users } from '../db/schema/users';
import { avatarSvg, randomPerson, renderAvatarCached } from './avatar';
import { checkContent, generateProfiles, pickPrompts, type DemoProfile } from './profiles';
import { createRandom, deriveSeed } from './random';

/**
 * The demo community: ~280 varied profiles across 70+ US cities in every region, each with locally generated avatars,
 * plus one account to log in with. Seeded only into an empty database (main.ts, SEED=demo).
 */

/** The one demo account that can log in; the community profiles have no password. */
export const DEMO_LOGIN = { username: 'demo', password: 'Demo_1234' } as const;
/**
 * The demo moderator: opens the moderation console (/moderation). Hidden from discovery (ghost mode)
 * so she is staff, not a profile to swipe on.
 */
export const DEMO_MODERATOR_LOGIN = { username: 'moderator', password: 'Moderate_1234' } as const;
/** Community profiles in the demo account's city that have liked her before she first logs in. */
export const DEMO_ADMIRERS = 5;
/** Premium members from other cities visiting the demo member's city in Travel mode (product §2). */
export const DEMO_VISITORS = 3;
/**
 * Friends mode (product §2 "Discover"): neighbours of the demo member looking only for friends, and
 * looking for both; the first DEMO_FRIEND_ADMIRERS of them have liked her in the Friends deck, so when
 * she switches "Looking for" to Both, liking one back there makes a friends match at once.
 */
export const DEMO_FRIENDS_ONLY = 3;
export const DEMO_FRIENDS_AND_DATING = 4;
export const DEMO_FRIEND_ADMIRERS = 2;

/** How many of the admirers liked one of Jordan's photos or prompts, and which of those wrote a comment. */
export const DEMO_ITEM_LIKES = 3;

/** What an admirer wrote with a like of Jordan's prompt or photo (at most 140 characters). */
const ADMIRER_COMMENTS: Record<'prompt' | 'photo', readonly string[]> = {
  prompt: [
    'An oolong flight AND mug thrifting? I know a tea house on Division you would love.',
    'Bad puns are my love language. How is the pottery going?',
    'I have too many mugs already and I regret nothing. Tea this weekend?',
  ],
  photo: [
    'That smile! Is that Mount Tabor behind you?',
    'Okay, this one made me want to go for a rainy walk with you.',
  ],
};

const DEFAULT_DEMO_USERS = 280;
/** Same seed, same community: names, cities, bios and avatars. */
const DEFAULT_DEMO_SEED = 0x57ee9;

const BATCH_SIZE = 50;
/** Any constant works; it only keeps two instances booting at once from both seeding. */
const SEED_LOCK_KEY = 7_420_116;

interface SeedDemoOptions {
  /** Community profiles to create, besides the demo account. */
  users?: number;
  /** Where avatar files go; defaults to DATA_DIR/media on local disk. */
  storage?: MediaStorage;
  seed?: number;
  /** Rendered avatars kept between seeds (default node_modules/.cache/steep-avatars). */
  avatarCacheDir?: string;
}

export interface SeedDemoResult {
  /** Accounts created, the demo account and the demo moderator included. */
  users: number;
  login: { username: string; password: string };
  moderatorLogin: { username: string; password: string };
}

const DEMO_PROFILE: DemoProfile = {
  username: DEMO_LOGIN.username,
  name: 'Jordan',
  age: 29,
  bio: 'UX designer by day, pottery-wheel novice by night. Happiest on a rainy Portland morning with a pot of oolong. Looking for someone to share tea, trails and terrible puns with.',
  location: 'Portland, Oregon',
  latitude: 0,
  longitude: 0,
  genderIdentity: 'woman',
  sexualOrientation: 'lesbian',
  pronouns: 'she/her',
  interests: ['Hiking', 'Pottery', 'Tea Tasting', 'Farmers Markets', 'Board Games', 'Live Music', 'Reading'],
  teaInterests: ['Oolong', 'Matcha', 'Earl Grey'],
  job: 'UX designer',
  education: "Bachelor's degree",
  heightCm: 170,
  relationshipGoals: 'Long-term partner',
  loveLanguage: 'Quality time',
  lifestyle: { smoking: 'none', drinking: 'socially', fitness: 'moderate', pets: 'love' },
  prompts: [
    {
      promptId: 'ideal-tea-date',
      answer: 'A rainy-day oolong flight at a tiny tea house, then thrifting for mugs we do not need.',
    },
    { promptId: 'green-flags', answer: 'You laugh at your own bad puns and ask how my pottery is going.' },
  ],
  isVerified: true,
  createdAgoMs: 30 * 24 * 60 * 60_000,
  lastActiveAgoMs: 0,
  // Verified, so at least the photos verification asks for (her checklist shows the rule beside her count).
  photoCount: MIN_VERIFICATION_PHOTOS,
};

/** The demo account first, then the community: the same list for the same seed. */
export function demoProfiles(count = DEFAULT_DEMO_USERS, seed = DEFAULT_DEMO_SEED): DemoProfile[] {
  const community = generateProfiles(
    createRandom(deriveSeed(seed, 'profiles')),
    count,
    new Set([DEMO_LOGIN.username]),
  ).map((profile) => ({
    ...profile,
    prompts: pickPrompts(createRandom(deriveSeed(seed, `prompts:${profile.username}`))),
  }));
  const home = locationCoordinates(DEMO_PROFILE.location);
  if (!home) throw new Error(`Demo seed: '${DEMO_PROFILE.location}' is not in the location catalogue`);
  return [{ ...DEMO_PROFILE, latitude: home.lat, longitude: home.lng }, ...community];
}

/** Every avatar of the community as SVG, in photo order. */
function demoAvatarSvgs(profiles: readonly DemoProfile[], seed = DEFAULT_DEMO_SEED): string[] {
  return profiles.flatMap((profile) => {
    const random = createRandom(deriveSeed(seed, `avatar:${profile.username}`));
    const person = randomPerson(random);
    return Array.from({ length: profile.photoCount }, () => avatarSvg(random, person));
  });
}

/** Renders the default community's avatars into the cache (npm install does it once). */
export async function warmAvatarCache(cacheDir?: string): Promise<number> {
  const svgs = demoAvatarSvgs(demoProfiles());
  await mapLimit(svgs, Math.max(2, availableParallelism()), (svg) => renderAvatarCached(svg, cacheDir));
  return svgs.length;
}

async function hasAnyUser(db: Pick<Db, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

/**
 * Runs `task` over `items` with at most `limit` in flight; results keep the input order.
 * After a failure no new task starts, and it rejects only once the running ones have settled,
 * so the caller can clean up everything they produced.
 */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return results;
}

interface StoredPhoto {
  largeKey: string;
  smallKey: string;
}

/**
 * Seeds the demo community when the users table is empty; otherwise does nothing and returns undefined.
 * Avatar files are written first, then all rows go in one transaction; on failure the files are removed.
 */
export async function seedDemoIfEmpty(
  db: Db,
  config: Config,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult | undefined> {
  if (await hasAnyUser(db)) return undefined;
  checkContent();

  const count = options.users ?? DEFAULT_DEMO_USERS;
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const storage = options.storage ?? diskMediaSpaces(config.DATA_DIR).photos;

  const profiles = demoProfiles(count, seed);
  const demo = profiles[0] as DemoProfile;

  // Scrypt runs on the libuv pool, alongside the avatar rendering.
  const demoHash = hashPassword(DEMO_LOGIN.password);
  const moderatorHash = hashPassword(DEMO_MODERATOR_LOGIN.password);

  const written: string[] = [];
  const removeWritten = () => Promise.all(written.map((key) => storage.delete(key).catch(() => {})));

  try {
    const jobs = demoAvatarSvgs(profiles, seed);
    const stored = await mapLimit(jobs, Math.max(2, availableParallelism()), async (svg): Promise<StoredPhoto> => {
      const { large, small } = await renderAvatarCached(svg, options.avatarCacheDir);
      const largeKey = newMediaKey('webp');
      const smallKey = newMediaKey('webp');
      written.push(largeKey, smallKey);
      await Promise.all([storage.put(largeKey, large), storage.put(smallKey, small)]);
      return { largeKey, smallKey };
    });
    const passwordHash = await demoHash;
    const moderatorPasswordHash = await moderatorHash;

    const now = Date.now();
    const inserted = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
      // Another instance may have seeded while this one was rendering.
      if (await hasAnyUser(tx)) return false;

      const ids: string[] = [];
      for (let start = 0; start < profiles.length; start += BATCH_SIZE) {
        const batch = profiles.slice(start, start + BATCH_SIZE);
        const rows = await tx
          .insert(users)
          .values(
            batch.map((p) => ({
              username: p.username,
              passwordHash: p === demo ? passwordHash : NO_PASSWORD,
              name: p.name,
              age: p.age,
              bio: p.bio,
              location: p.location,
              latitude: p.latitude,
              longitude: p.longitude,
              genderIdentity: p.genderIdentity,
              sexualOrientation: p.sexualOrientation,
              interests: p.interests,
              teaInterests: p.teaInterests,
              email: p === demo ? 'demo@example.com' : null,
              job: p.job,
              education: p.education,
              heightCm: p.heightCm,
              pronouns: p.pronouns,
              relationshipGoals: p.relationshipGoals,
              loveLanguage: p.loveLanguage,
              lifestyle: p.lifestyle,
              prompts: p.prompts,
              isVerified: p.isVerified,
              createdAt: new Date(now - p.createdAgoMs),
              lastActiveAt: new Date(now - p.lastActiveAgoMs),
            })),
          )
          .returning({ id: users.id });
        ids.push(...rows.map((r) => r.id));
      }

      const photoRows: Array<typeof photos.$inferInsert> = [];
      let photoIndex = 0;
      profiles.forEach((profile, i) => {
        const userId = ids[i];
        if (!userId) throw new Error('Demo seed: a user row was not returned');
        for (let position = 0; position < profile.photoCount; position++) {
          const photo = stored[photoIndex++];
          if (!photo) throw new Error('Demo seed: missing a rendered photo');
          photoRows.push({ userId, position, ...photo, createdAt: new Date(now - profile.createdAgoMs) });
        }
      });
      for (let start = 0; start < photoRows.length; start += BATCH_SIZE * 4) {
        await tx.insert(photos).values(photoRows.slice(start, start + BATCH_SIZE * 4));
      }

      // A few neighbours have already liked the demo account, so trying Steep shows likes received
      // and liking one of them back makes a match at once.
      const demoId = ids[0];
      const admirers = ids.filter((_, i) => i > 0 && profiles[i]?.location === demo.location).slice(0, DEMO_ADMIRERS);
      if (demoId && admirers.length > 0) {
        // The first few liked something specific of hers (product §4), from their own random stream so
        // nothing else of the community moves: a prompt with a comment, a photo with a comment, and so on.
        const demoPhotos = await tx
          .select({ id: photos.id })
          .from(photos)
          .where(eq(photos.userId, demoId))
          .orderBy(asc(photos.position));
        const itemRandom = createRandom(deriveSeed(seed, 'admirer-item-likes'));
        const itemOf = (i: number) => {
          if (i >= DEMO_ITEM_LIKES) return {};
          const kind = i % 2 === 0 || demoPhotos.length === 0 ? 'prompt' : 'photo';
          const comment = i < DEMO_ITEM_LIKES - 1 ? itemRandom.pick(ADMIRER_COMMENTS[kind]) : null;
          return kind === 'prompt'
            ? { likedPromptId: itemRandom.pick(demo.prompts).promptId, comment }
            : { likedPhotoId: itemRandom.pick(demoPhotos).id, comment };
        };
        await tx.insert(swipes).values(
          admirers.map((userId, i) => ({
            userId,
            targetUserId: demoId,
            isLike: true,
            isSuperLike: i === 0,
            ...itemOf(i),
            createdAt: new Date(now - (i + 1) * 3_600_000),
          })),
        );
      }

      // Friends mode: chosen among her neighbours who have not liked her for dating, from their own
      // random stream so nothing else the seed draws moves.
      const friendsRandom = createRandom(deriveSeed(seed, 'friends-mode'));
      const neighbours = ids.filter(
        (id, i) => i > 0 && profiles[i]?.location === demo.location && !admirers.includes(id),
      );
      const friendly = friendsRandom.sample(neighbours, DEMO_FRIENDS_ONLY + DEMO_FRIENDS_AND_DATING);
      for (const [i, userId] of friendly.entries()) {
        await setLookingFor(tx, userId, i < DEMO_FRIENDS_ONLY ? 'friends' : 'both');
      }
      if (demoId && friendly.length > 0) {
        await tx.insert(swipes).values(
          friendly.slice(0, DEMO_FRIEND_ADMIRERS).map((userId, i) => ({
            userId,
            targetUserId: demoId,
            isLike: true,
            mode: 'friends' as const,
            createdAt: new Date(now - (i + 1) * 5_400_000),
          })),
        );
      }

      // A few Premium members from elsewhere are visiting her city in Travel mode, so Discover shows
      // "Visiting" cards on first start.
      const here = locationCoordinates(demo.location);
      const visitors = ids
        .map((id, i) => ({ id, profile: profiles[i] }))
        .filter(({ profile }, i) => i > 0 && profile && profile.location !== demo.location)
        .slice(0, DEMO_VISITORS);
      if (here && visitors.length > 0) {
        await tx
          .update(users)
          .set({
            location: demo.location,
            latitude: here.lat,
            longitude: here.lng,
            premiumUntil: new Date(now + 30 * 86_400_000),
          })
          .where(
            inArray(
              users.id,
              visitors.map((v) => v.id),
            ),
          );
        await tx.insert(travelPlans).values(
          visitors.map(({ id, profile }, i) => ({
            userId: id,
            location: demo.location,
            homeLocation: profile?.location ?? demo.location,
            until: new Date(now + (3 + 2 * i) * 86_400_000),
            createdAt: new Date(now - (i + 1) * 86_400_000),
          })),
        );
      }

      await tx.insert(users).values({
        username: DEMO_MODERATOR_LOGIN.username,
        passwordHash: moderatorPasswordHash,
        name: 'Sam',
        age: 34,
        bio: 'Steep Trust & Safety.',
        location: demo.location,
        latitude: demo.latitude,
        longitude: demo.longitude,
        genderIdentity: 'woman',
        sexualOrientation: 'lesbian',
        ghostMode: true,
        role: 'moderator',
        createdAt: new Date(now - demo.createdAgoMs),
      });
      // The rows above were written set-based, past core's writes: copy them into discovery's projection.
      await reprojectMembers(tx);

      // Two open reports against one community member, so the console has a case to review.
      const [reported, firstReporter, secondReporter] = ids.slice(-3);
      if (reported && firstReporter && secondReporter) {
        await tx.insert(reports).values([
          {
            reporterId: firstReporter,
            reportedUserId: reported,
            reason: 'harassment_or_bullying',
            description: 'Kept messaging me after I said I was not interested.',
            createdAt: new Date(now - 5 * 3_600_000),
          },
          {
            reporterId: secondReporter,
            reportedUserId: reported,
            reason: 'spam_or_scam',
            description: 'Asked me to move to another app and send a gift card.',
            createdAt: new Date(now - 2 * 3_600_000),
          },
        ]);
      }
      return true;
    });

    if (!inserted) {
      await removeWritten();
      return undefined;
    }
    return { users: profiles.length + 1, login: { ...DEMO_LOGIN }, moderatorLogin: { ...DEMO_MODERATOR_LOGIN } };
  } catch (error) {
    await demoHash.catch(() => {});
    await moderatorHash.catch(() => {});
    await removeWritten();
    throw error;
  }
}

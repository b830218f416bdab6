import { presentPrompts } from '../../../contract/prompts';
import type { SelfUser } from '../../../contract/users';
import {
  cachedUser,
  findUserCached,
  findUsers,
  hasActivePremium,
  isOnline,
  ONLINE_WINDOW_MS,
  type UserRow,
} from '../../core';
import type { Db } from '../../db/client';
import type { DbCaches } from '../../db/caches';
import { publicMediaUrl as mediaUrl } from '../../media';
import { largeKeysOf, largeKeysOfMember } from './repository';

export async function photoUrlsOf(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  for (const row of await largeKeysOf(db, userIds)) result.get(row.userId)?.push(mediaUrl(row.largeKey));
  return result;
}

/** What other features may show of a member next to their own content: name, first photo, verified badge. */
interface MemberSummary {
  name: string;
  photo: string | null;
  isVerified: boolean;
  location: string;
}

export async function memberSummaries(db: Db, userIds: string[]): Promise<Map<string, MemberSummary>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, MemberSummary>();
  if (ids.length === 0) return result;
  const [members, photosById] = await Promise.all([findUsers(db, ids), photoUrlsOf(db, ids)]);
  for (const row of members.values()) {
    result.set(row.id, {
      name: row.name,
      isVerified: row.isVerified,
      location: row.location,
      photo: photosById.get(row.id)?.[0] ?? null,
    });
  }
  return result;
}

interface ReviewSubject {
  id: string;
  name: string;
  age: number;
  photos: string[];
}

/** Name, age and every photo of members, for staff screens (moderation queues). */
export async function reviewSubjects(db: Db, userIds: string[]): Promise<Map<string, ReviewSubject>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, ReviewSubject>();
  if (ids.length === 0) return result;
  const [members, photosById] = await Promise.all([findUsers(db, ids), photoUrlsOf(db, ids)]);
  for (const row of members.values()) {
    result.set(row.id, { id: row.id, name: row.name, age: row.age, photos: photosById.get(row.id) ?? [] });
  }
  return result;
}

export function presentSelf(user: UserRow, photoUrls: string[]): SelfUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    age: user.age,
    bio: user.bio,
    location: user.location,
    genderIdentity: user.genderIdentity,
    sexualOrientation: user.sexualOrientation,
    photos: photoUrls,
    interests: user.interests,
    teaInterests: user.teaInterests,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    job: user.job,
    education: user.education,
    height: user.heightCm,
    pronouns: user.pronouns,
    relationshipGoals: user.relationshipGoals,
    loveLanguage: user.loveLanguage,
    lifestyle: user.lifestyle,
    prompts: presentPrompts(user.prompts),
    ghostMode: user.ghostMode,
    hasActiveSubscription: hasActivePremium(user),
    isVerified: user.isVerified,
    isOnline: isOnline(user.lastActiveAt),
    lastActive: user.lastActiveAt?.toISOString() ?? null,
    phoneNumber: user.phoneNumber,
    smsNotifications: user.smsNotifications,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Her photo URLs, as /api/auth/me reads them on every app start: a row cache (db/caches.ts). */
const selfPhotosCache = (db: Db, caches: DbCaches) => caches.processCache<string[]>('self-photos').on(db);

/** Every write to her photos calls this (her row's cache is core's, evicted by core's writes). */
export function forgetSelfPhotos(db: Db, caches: DbCaches, userId: string): void {
  selfPhotosCache(db, caches).delete(userId);
}

export async function getSelfUser(db: Db, caches: DbCaches, userId: string): Promise<SelfUser | undefined> {
  const cache = selfPhotosCache(db, caches);
  const cachedUrls = cache.get(userId);
  // Both in memory (most /me calls): presented without awaiting anything.
  const cachedRow = cachedUrls && cachedUser(db, caches, userId);
  if (cachedUrls && cachedRow) return presentedOnce(cachedRow, cachedUrls);
  const version = cachedUrls ? undefined : cache.readToken();
  // Her row and her photos at once: on PostgreSQL (nothing cached) one round-trip time instead of two.
  const [user, urls] = await Promise.all([
    findUserCached(db, caches, userId),
    cachedUrls ?? largeKeysOfMember(db, caches, userId).then((keys) => keys.map(mediaUrl)),
  ]);
  if (!user) return undefined;
  if (!cachedUrls) cache.set(userId, urls, version);
  // Presented per request: isOnline depends on the time of asking, not of caching.
  return presentSelf(user, urls);
}

/**
 * What `presentSelf` made of a cached row and photo list, until a moment changes it (she goes offline, her
 * Premium ends). A write replaces the cached row object, so the next /me presents the new one. Frozen:
 * every caller of the cached path shares it.
 */
const presented = new WeakMap<UserRow, { urls: string[]; self: SelfUser; until: number }>();

function presentedOnce(row: UserRow, urls: string[]): SelfUser {
  const now = Date.now();
  const kept = presented.get(row);
  if (kept && kept.urls === urls && now < kept.until) return kept.self;
  const self = Object.freeze(presentSelf(row, urls));
  const goesOffline =
    row.lastActiveAt && isOnline(row.lastActiveAt, now) ? row.lastActiveAt.getTime() + ONLINE_WINDOW_MS : Infinity;
  const premiumEnds = row.premiumUntil && hasActivePremium(row, now) ? row.premiumUntil.getTime() : Infinity;
  presented.set(row, { urls, self, until: Math.min(goesOffline, premiumEnds) });
  return self;
}

interface MemberByline {
  firstName: string;
  photo: string | null;
}

/** First name and first photo of each member: what a non-anonymous byline (tea reviews) shows. */
export async function memberBylines(db: Db, userIds: string[]): Promise<Map<string, MemberByline>> {
  const result = new Map<string, MemberByline>();
  for (const [id, summary] of await memberSummaries(db, userIds)) {
    result.set(id, { firstName: summary.name.trim().split(/\s+/)[0] ?? summary.name, photo: summary.photo });
  }
  return result;
}

import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { SelfUser } from '../../../contract/users';
import type { Db } from '../../db/client';
import { processCache } from '../../db/process-cache';
import { photos, users, type UserRow } from '../../db/schema';
import { recordActivityDay } from './activity';
import { mediaUrl } from './media';

/** Someone counts as online for this long after her last request. */
export const ONLINE_WINDOW_MS = 5 * 60_000;

export function isOnline(lastActiveAt: Date | null, now = Date.now()): boolean {
  return lastActiveAt !== null && now - lastActiveAt.getTime() < ONLINE_WINDOW_MS;
}

export function hasActivePremium(user: Pick<UserRow, 'premiumUntil'>, now = Date.now()): boolean {
  return user.premiumUntil !== null && user.premiumUntil.getTime() > now;
}

export async function photoUrlsOf(db: Db, userIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: photos.userId, largeKey: photos.largeKey })
    .from(photos)
    .where(inArray(photos.userId, userIds))
    .orderBy(asc(photos.position));
  for (const row of rows) result.get(row.userId)?.push(mediaUrl(row.largeKey));
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
    job: user.job,
    education: user.education,
    height: user.heightCm,
    pronouns: user.pronouns,
    relationshipGoals: user.relationshipGoals,
    loveLanguage: user.loveLanguage,
    lifestyle: user.lifestyle,
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

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** Her row and photo URLs, as /api/auth/me reads them on every app start. Embedded mode only. */
const selfCache = (db: Db) => processCache<{ user: UserRow; photos: string[] }>(db, 'self-users');

/** Every write to a user's row or photos calls this, so the cached self view is never stale. */
export function forgetSelfUser(db: Db, userId: string): void {
  selfCache(db)?.delete(userId);
}

export async function getSelfUser(db: Db, userId: string): Promise<SelfUser | undefined> {
  const cache = selfCache(db);
  let entry = cache?.get(userId);
  if (!entry) {
    const version = cache?.version(userId);
    const user = await findUser(db, userId);
    if (!user) return undefined;
    const urls = await photoUrlsOf(db, [userId]);
    entry = { user, photos: urls.get(userId) ?? [] };
    cache?.set(userId, entry, version);
  }
  // Presented per request: isOnline depends on the time of asking, not of caching.
  return presentSelf(entry.user, entry.photos);
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export type NewUser = typeof users.$inferInsert;

/** Returns undefined when the username is taken (case-insensitively). */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Called by the session guard at most once a minute per user: her presence for isOnline, and
 * today as an activity day for the day streak (so any use of the app counts, not one screen).
 */
export async function touchLastActive(db: Db, userId: string, at = new Date()): Promise<void> {
  await db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
  forgetSelfUser(db, userId);
  await recordActivityDay(db, userId, at);
}

export async function setPremiumUntil(db: Db, userId: string, until: Date | null): Promise<void> {
  await db.update(users).set({ premiumUntil: until }).where(eq(users.id, userId));
  forgetSelfUser(db, userId);
}

export async function setGhostMode(db: Db, userId: string, on: boolean): Promise<void> {
  await db.update(users).set({ ghostMode: on }).where(eq(users.id, userId));
  forgetSelfUser(db, userId);
}

import { eq } from 'drizzle-orm';
import type { PublicProfile, UpdateProfileInput } from '../../../contract/profiles';
import { locationCoordinates } from '../../../contract/locations';
import type { SelfUser } from '../../../contract/users';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { isBlockedBetween } from '../safety/blocks';
import { recordProfileView } from './activity';
import { findUser, forgetSelfUser, getSelfUser, isOnline, photoUrlsOf } from './users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids from a path are checked before they reach a uuid column, where PostgreSQL would reject them with an error. */
export const isUuid = (id: string): boolean => UUID.test(id);

/**
 * The member `viewerId` may see as `userId`. Unknown ids and anyone with a block between the two,
 * in either direction, are the same 404: a blocked member cannot tell she was blocked, and the
 * blocker does not keep seeing the person she blocked.
 */
export async function findVisibleUser(db: Db, viewerId: string, userId: string): Promise<UserRow> {
  const user = isUuid(userId) ? await findUser(db, userId) : undefined;
  if (!user) throw notFound('User not found');
  if (user.id !== viewerId && (await isBlockedBetween(db, viewerId, user.id))) throw notFound('User not found');
  return user;
}

export function presentPublic(user: UserRow, photoUrls: string[]): PublicProfile {
  // Ghost mode hides presence too, not just the discovery card.
  const showPresence = !user.ghostMode;
  return {
    id: user.id,
    name: user.name,
    age: user.age,
    bio: user.bio,
    location: user.location,
    pronouns: user.pronouns,
    photos: photoUrls,
    interests: user.interests,
    teaInterests: user.teaInterests,
    job: user.job,
    education: user.education,
    height: user.heightCm,
    relationshipGoals: user.relationshipGoals,
    loveLanguage: user.loveLanguage,
    lifestyle: user.lifestyle,
    isVerified: user.isVerified,
    isOnline: showPresence && isOnline(user.lastActiveAt),
    lastActive: showPresence ? (user.lastActiveAt?.toISOString() ?? null) : null,
  };
}

/** Opening someone's profile counts as a view of it (once per viewer and day). */
export async function viewProfile(db: Db, viewerId: string, userId: string): Promise<PublicProfile> {
  const user = await findVisibleUser(db, viewerId, userId);
  await recordProfileView(db, viewerId, user.id);
  const urls = await photoUrlsOf(db, [user.id]);
  return presentPublic(user, urls.get(user.id) ?? []);
}

/** Applies the fields present in `input`; the schema has already dropped everything not editable. */
export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput): Promise<SelfUser> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.age !== undefined) changes.age = input.age;
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.location !== undefined) {
    const coordinates = locationCoordinates(input.location);
    if (!coordinates) throw badRequest('Invalid location', [{ path: 'location', message: 'Choose a city from the list' }]);
    changes.location = input.location;
    changes.latitude = coordinates.lat;
    changes.longitude = coordinates.lng;
  }
  if (input.pronouns !== undefined) changes.pronouns = input.pronouns;
  if (input.job !== undefined) changes.job = input.job;
  if (input.education !== undefined) changes.education = input.education;
  if (input.height !== undefined) changes.heightCm = input.height;
  if (input.relationshipGoals !== undefined) changes.relationshipGoals = input.relationshipGoals;
  if (input.loveLanguage !== undefined) changes.loveLanguage = input.loveLanguage;
  if (input.lifestyle !== undefined) changes.lifestyle = withoutEmpty(input.lifestyle);
  if (input.interests !== undefined) changes.interests = [...new Set(input.interests)];
  if (input.teaInterests !== undefined) changes.teaInterests = [...new Set(input.teaInterests)];

  if (Object.keys(changes).length > 0) {
    await db.update(users).set(changes).where(eq(users.id, userId));
    forgetSelfUser(db, userId);
  }
  const user = await getSelfUser(db, userId);
  if (!user) throw notFound('User not found');
  return user;
}

function withoutEmpty(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

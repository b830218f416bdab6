import { presentPublicBadge, type BadgeId } from '../../../contract/badges';
import { presentPrompts } from '../../../contract/prompts';
import type { ProfileDetail, PublicProfile, UpdateProfileInput } from '../../../contract/profiles';
import { distanceBand, distanceMiles, locationCoordinates } from '../../../contract/locations';
import type { SelfUser } from '../../../contract/users';
import { blockedEitherWay, findUser, isOnline, updateUser, type UserChanges, type UserRow } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { disclosure, DEFAULT_PRIVACY, privacyOf, type Disclosure } from '../preferences';
import { recordProfileView } from './activity';
import { liveStatusOf } from './status-present';
import { getSelfUser, photoUrlsOf } from './users';
import { localText } from '../../i18n';
import { fieldError } from '../../http/errors';

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
  if (!user) throw notFound(localText('userNotFound'));
  if (user.id !== viewerId && (await blockedEitherWay(db, viewerId, user.id)))
    throw notFound(localText('userNotFound'));
  return user;
}

/** Everything shown: her own profile, or a member who hides nothing. */
const SHOW_ALL: Disclosure = { age: true, distance: true, online: true, lastActive: true };

/** Her public profile with only what she chose to show `shown`'s viewer (preferences' privacy). */
export function presentPublic(user: UserRow, photoUrls: string[], shown: Disclosure = SHOW_ALL): PublicProfile {
  // Ghost mode hides presence too, not just the discovery card.
  const showPresence = !user.ghostMode;
  return {
    id: user.id,
    name: user.name,
    ...(shown.age && { age: user.age }),
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
    prompts: presentPrompts(user.prompts),
    isVerified: user.isVerified,
    isOnline: showPresence && shown.online && isOnline(user.lastActiveAt),
    lastActive: showPresence && shown.lastActive ? (user.lastActiveAt?.toISOString() ?? null) : null,
  };
}

/** Whether two members are matched: the matches feature answers (wired in app.ts; it sits above profiles). */
export type AreMatched = (db: Db, a: string, b: string) => Promise<boolean>;

/**
 * The badges each of `userIds` has earned, oldest first, as `viewerId` may see them: the badges feature
 * answers (wired in app.ts; it sits above profiles and discovery).
 */
export type EarnedBadgesOf = (
  db: Db,
  viewerId: string,
  userIds: string[],
) => Promise<Record<string, readonly BadgeId[] | undefined>>;

/** The band between two members' city centres; undefined when either city is not in the catalogue. */
function distanceBetween(from: string, to: string): string | undefined {
  const a = locationCoordinates(from);
  const b = locationCoordinates(to);
  return a && b ? distanceBand(distanceMiles(a, b), from === to) : undefined;
}

/**
 * Someone's public profile; reading it records nothing (views are an explicit POST). A 'hidden' profile, or a
 * 'matches only' one opened by someone she is not matched with, is the same 404 as an unknown id.
 */
export async function viewProfile(
  db: Db,
  viewerId: string,
  userId: string,
  areMatched: AreMatched,
  earnedBadges: EarnedBadgesOf,
): Promise<ProfileDetail> {
  const user = await findVisibleUser(db, viewerId, userId);
  const privacy = await privacyOf(db, [viewerId, user.id]);
  const theirs = privacy.get(user.id) ?? DEFAULT_PRIVACY;
  await requireProfileShown(db, viewerId, user.id, theirs.profileVisibility, areMatched);
  const [urls, badges, viewer, status] = await Promise.all([
    photoUrlsOf(db, [user.id]),
    earnedBadges(db, viewerId, [user.id]),
    user.id === viewerId ? user : findUser(db, viewerId),
    liveStatusOf(db, viewerId, user.id),
  ]);
  const shown = user.id === viewerId ? SHOW_ALL : disclosure(theirs, privacy.get(viewerId) ?? DEFAULT_PRIVACY);
  const distance = shown.distance && viewer ? distanceBetween(viewer.location, user.location) : undefined;
  return {
    ...presentPublic(user, urls.get(user.id) ?? [], shown),
    ...(distance && { distance }),
    badges: (badges[user.id] ?? []).map(presentPublicBadge),
    status,
  };
}

/** A profile shown to matches only is the same 404 as an unknown id to anyone else. */
async function requireProfileShown(
  db: Db,
  viewerId: string,
  userId: string,
  visibility: string,
  areMatched: AreMatched,
): Promise<void> {
  if (userId !== viewerId && visibility !== 'public' && !(await areMatched(db, viewerId, userId))) {
    throw notFound(localText('userNotFound'));
  }
}

/** A member `viewerId` may see the profile of: not blocked either way, and shown to her (profile visibility). */
export async function findViewableUser(
  db: Db,
  viewerId: string,
  userId: string,
  areMatched: AreMatched,
): Promise<UserRow> {
  const user = await findVisibleUser(db, viewerId, userId);
  const privacy = await privacyOf(db, [user.id]);
  await requireProfileShown(
    db,
    viewerId,
    user.id,
    (privacy.get(user.id) ?? DEFAULT_PRIVACY).profileVisibility,
    areMatched,
  );
  return user;
}

/**
 * Her client saw this profile (a card shown in Discover, a profile opened): one view per viewer and
 * day. An explicit POST, so a cross-site link or prefetch cannot inflate anyone's views.
 */
export async function recordView(db: Db, viewerId: string, userId: string): Promise<void> {
  const user = await findVisibleUser(db, viewerId, userId);
  await recordProfileView(db, viewerId, user.id);
}

/** Applies the fields present in `input`; the schema has already dropped everything not editable. */
export async function updateProfile(
  db: Db,
  caches: DbCaches,
  userId: string,
  input: UpdateProfileInput,
): Promise<SelfUser> {
  const changes: UserChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.age !== undefined) changes.age = input.age;
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.location !== undefined) {
    const coordinates = locationCoordinates(input.location);
    if (!coordinates)
      throw badRequest(localText('invalidLocation'), [fieldError('location', localText('chooseACityFrom'))]);
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
  if (input.prompts !== undefined) changes.prompts = input.prompts;

  await updateUser(db, caches, userId, changes);
  const user = await getSelfUser(db, caches, userId);
  if (!user) throw notFound(localText('userNotFound'));
  return user;
}

function withoutEmpty(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

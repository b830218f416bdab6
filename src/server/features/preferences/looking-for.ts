import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  DEFAULT_FRIENDS_FILTERS,
  type DiscoveryMode,
  type FriendsFilters,
  type LookingFor,
  type updateFriendsFiltersBody,
} from '../../../contract/discovery';
import { DEFAULT_PREFERENCES } from '../../../contract/preferences';
import type { Db } from '../../db/client';
import { friendsFilters, userPreferences } from '../../db/schema/preferences';
import { localText, type LocalText } from '../../i18n';

/*
 * Friends mode (product §2 "Discover"): what she is looking for, and the Friends deck's own filters.
 * Discovery reads both through the SQL fragments below; matches refuses a swipe in a deck she is not in.
 */

/** Her setting; 'dating' until she chooses. */
export async function lookingForOf(db: Db, userId: string): Promise<LookingFor> {
  const [row] = await db
    .select({ lookingFor: userPreferences.lookingFor })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.lookingFor ?? 'dating';
}

export async function setLookingFor(db: Db, userId: string, lookingFor: LookingFor): Promise<LookingFor> {
  const { premium, lifestyle, notifications, app } = DEFAULT_PREFERENCES;
  await db
    .insert(userPreferences)
    .values({ userId, notifications, premium, lifestyle, app, lookingFor })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { lookingFor, updatedAt: new Date() } });
  return lookingFor;
}

/**
 * SQL: the member in `userId` is in this deck: the dating deck leaves out who looks only for friends
 * (a set lookup on the few, partial index), the Friends deck holds only who chose friends or both
 * (one primary-key lookup per candidate; no row means dating only).
 */
export function inDeck(mode: DiscoveryMode, userId: PgColumn | SQL): SQL {
  const p = userPreferences;
  return mode === 'dating'
    ? sql`${userId} not in (select ${p.userId} from ${p} where ${p.lookingFor} = 'friends')`
    : sql`coalesce((select ${p.lookingFor} <> 'dating' from ${p} where ${p.userId} = ${userId}), false)`;
}

type FriendsFiltersRow = typeof friendsFilters.$inferSelect;

function presentFriendsFilters(row: FriendsFiltersRow | undefined): FriendsFilters {
  if (!row) return { ...DEFAULT_FRIENDS_FILTERS, interests: [] };
  return { minAge: row.minAge, maxAge: row.maxAge, maxDistance: row.maxDistance, interests: row.interests };
}

/** Her Friends deck filters, or the defaults (18–75, 25 miles, any interests) until she saves some. */
export async function getFriendsFilters(db: Db, userId: string): Promise<FriendsFilters> {
  const [row] = await db.select().from(friendsFilters).where(eq(friendsFilters.userId, userId));
  return presentFriendsFilters(row);
}

export async function saveFriendsFilters(
  db: Db,
  userId: string,
  input: z.output<typeof updateFriendsFiltersBody>,
): Promise<FriendsFilters> {
  const values = { ...input, updatedAt: new Date() };
  const [row] = await db
    .insert(friendsFilters)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: friendsFilters.userId, set: values })
    .returning();
  return presentFriendsFilters(row);
}

/** The Friends deck's mutual age check: the candidate's Friends age range (or the default, everyone) holds `age`. */
export function friendsRangeHolds(userId: PgColumn, age: number): SQL {
  const f = friendsFilters;
  const defaultHolds = age >= DEFAULT_FRIENDS_FILTERS.minAge && age <= DEFAULT_FRIENDS_FILTERS.maxAge;
  const holds = sql`(select ${f.minAge} <= ${age}::int and ${f.maxAge} >= ${age}::int from ${f} where ${f.userId} = ${userId})`;
  return defaultHolds ? sql`coalesce(${holds}, true)` : sql`coalesce(${holds}, false)`;
}

/**
 * The same rule as `inDeck` with the deck as a SQL value (a prepared statement's parameter): the swipe
 * statement checks that both members are in the deck she swiped in. One primary-key lookup.
 */
export function inDeckAt(mode: SQL, userId: SQL): SQL<boolean> {
  const p = userPreferences;
  return sql<boolean>`coalesce((select case when ${mode} = 'dating' then ${p.lookingFor} <> 'friends'
    else ${p.lookingFor} <> 'dating' end from ${p} where ${p.userId} = ${userId}), ${mode} = 'dating')`;
}

/** Why a deck is refused to her: she has not chosen it in "Looking for". */
export function deckNotChosen(mode: DiscoveryMode): LocalText {
  return mode === 'friends' ? localText('chooseFriendsDeck') : localText('chooseDatingDeck');
}

import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  DEFAULT_DISCOVERY_FILTERS,
  DEFAULT_FRIENDS_FILTERS,
  type DiscoveryMode,
  type LookingFor,
  type updateFiltersBody,
  type updateFriendsFiltersBody,
} from '../../../contract/discovery';
import {
  DEFAULT_PREFERENCES,
  type DEAL_BREAKERS,
  type DealBreaker,
  type NotificationSettings,
} from '../../../contract/preferences';
import type { Db } from '../../db/client';
import { discoveryFilters, friendsFilters, userPreferences } from '../../db/schema/preferences';

/**
 * Every statement of preferences: her preferences row, her discovery and Friends filters, and the SQL
 * fragments discovery, matches, chat and notifications filter with (deal breakers, age ranges, decks,
 * privacy, notification switches). Services decide and answer (defaults, the Premium rule, presentation);
 * what is read and written is here. Functions take the handle to run on (the database, or a transaction).
 * A missing row means defaults everywhere: reads return undefined and the services fill them in.
 */

export type PreferencesRow = typeof userPreferences.$inferSelect;
export type FiltersRow = typeof discoveryFilters.$inferSelect;
export type FriendsFiltersRow = typeof friendsFilters.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Her preferences row

export async function preferencesRow(db: Db, userId: string): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row;
}

/** Every column the preference editor saves. */
export type EditorColumns = Omit<PreferencesRow, 'userId' | 'lookingFor' | 'updatedAt' | 'revision'>;

/**
 * Writes the editor's columns over her row (or a new one) if her row is still at `revision` (0: she has no row
 * yet), in one statement so two devices saving at once cannot both pass the check. Returns the new revision, or
 * undefined when someone else's save came first (the caller answers 409).
 */
export async function upsertPreferencesAt(
  db: Db,
  userId: string,
  revision: number,
  columns: EditorColumns,
): Promise<number | undefined> {
  const p = userPreferences;
  const values = { ...columns, updatedAt: new Date() };
  const [row] =
    revision === 0
      ? // No row yet: insert one; a row another device created meanwhile is not overwritten (its revision is ≥ 1).
        await db
          .insert(p)
          .values({ userId, ...values, revision: 1 })
          .onConflictDoNothing({ target: p.userId })
          .returning({ revision: p.revision })
      : await db
          .update(p)
          .set({ ...values, revision: sql`${p.revision} + 1` })
          .where(and(eq(p.userId, userId), eq(p.revision, revision)))
          .returning({ revision: p.revision });
  return row?.revision;
}

/** Her row's revision, or 0 before she has one. */
export async function preferencesRevision(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ revision: userPreferences.revision })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.revision ?? 0;
}

/** Counts a change of her preferences made elsewhere (the filters screen), so an editor's stale copy is noticed. */
export async function bumpPreferencesRevision(db: Db, userId: string): Promise<number> {
  const { premium, lifestyle, notifications, app } = DEFAULT_PREFERENCES;
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, notifications, premium, lifestyle, app })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { revision: sql`${userPreferences.revision} + 1`, updatedAt: new Date() },
    })
    .returning({ revision: userPreferences.revision });
  return row?.revision ?? 1;
}

/**
 * Writes some of her settings and leaves the rest of her row as it is; a member who never saved gets the
 * defaults (the jsonb settings and switches) with these.
 */
export async function writePreferenceColumns(
  db: Db,
  userId: string,
  columns: Partial<Pick<PreferencesRow, 'notifications' | 'app' | 'lookingFor'>>,
): Promise<void> {
  const { premium, lifestyle, notifications, app } = DEFAULT_PREFERENCES;
  await db
    .insert(userPreferences)
    .values({ userId, notifications, premium, lifestyle, app, ...columns })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      // Counted like an editor's save: a device still showing the old values must not write them back.
      set: { ...columns, revision: sql`${userPreferences.revision} + 1`, updatedAt: new Date() },
    });
}

/** Her saved app language (app.language), or undefined before she saved any preferences. */
export async function appLanguageOf(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ app: userPreferences.app })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.app.language;
}

/** The saved app language of each of these members who saved one: user id → language. */
export async function savedLanguages(db: Db, userIds: readonly string[]): Promise<Map<string, string | undefined>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userPreferences.userId, app: userPreferences.app })
    .from(userPreferences)
    .where(inArray(userPreferences.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, row.app.language]));
}

/** Her saved notification switches, or undefined before she saved any preferences. */
export async function savedNotifications(db: Db, userId: string): Promise<PreferencesRow['notifications'] | undefined> {
  const [row] = await db
    .select({ notifications: userPreferences.notifications })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.notifications;
}

/** Her "Looking for"; 'dating' until she chooses. */
export async function lookingForOf(db: Db, userId: string): Promise<LookingFor> {
  const [row] = await db
    .select({ lookingFor: userPreferences.lookingFor })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.lookingFor ?? 'dating';
}

/**
 * Her four disclosure choices (age, distance, online status, last active) as SQL columns of another
 * feature's statement, with the defaults for a member who never saved preferences: the inputs of
 * `disclosure`, read where the statement reads her.
 */
export function privacyChoicesOf(userId: SQL): {
  showAge: SQL<boolean>;
  showDistance: SQL<boolean>;
  showOnlineStatus: SQL<boolean>;
  showLastActive: SQL<boolean>;
} {
  const p = userPreferences;
  const choice = (column: PgColumn, fallback: boolean) =>
    sql<boolean>`coalesce((select ${column} from ${p} where ${p.userId} = ${userId}), ${fallback})`;
  return {
    showAge: choice(p.showAge, DEFAULT_PREFERENCES.privacy.showAge),
    showDistance: choice(p.showDistance, DEFAULT_PREFERENCES.privacy.showDistance),
    showOnlineStatus: choice(p.showOnlineStatus, DEFAULT_PREFERENCES.privacy.showOnlineStatus),
    showLastActive: choice(p.showLastActive, DEFAULT_PREFERENCES.visibility.showLastActive),
  };
}

/**
 * What a discovery search of hers starts from, one statement: both decks' saved filters (null until
 * saved), her deal breakers, "Looking for" and her presence choices (null without a preferences row).
 */
export async function searchChoicesRow(db: Db, userId: string) {
  const p = userPreferences;
  const [row] = await db
    .select({
      filters: discoveryFilters,
      friendsFilters: friendsFilters,
      dealBreakers: p.dealBreakers,
      lookingFor: p.lookingFor,
      showOnlineStatus: p.showOnlineStatus,
      showLastActive: p.showLastActive,
    })
    .from(sql`(select ${userId}::uuid as id) as me`)
    .leftJoin(discoveryFilters, sql`${discoveryFilters.userId} = me.id`)
    .leftJoin(friendsFilters, sql`${friendsFilters.userId} = me.id`)
    .leftJoin(p, sql`${p.userId} = me.id`);
  return row;
}

/** The privacy columns of those of `userIds` who saved preferences. */
export async function privacyRows(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  const p = userPreferences;
  return db
    .select({
      userId: p.userId,
      showAge: p.showAge,
      showDistance: p.showDistance,
      showOnlineStatus: p.showOnlineStatus,
      showLastActive: p.showLastActive,
      profileVisibility: p.profileVisibility,
      allowMessagesFrom: p.allowMessagesFrom,
    })
    .from(p)
    .where(inArray(p.userId, [...userIds]));
}

// ---------------------------------------------------------------------------------------------------
// Her filters (dating and Friends)

export async function filtersRow(db: Db, userId: string): Promise<FiltersRow | undefined> {
  const [row] = await db.select().from(discoveryFilters).where(eq(discoveryFilters.userId, userId));
  return row;
}

export async function upsertFilters(
  db: Db,
  userId: string,
  input: z.output<typeof updateFiltersBody>,
): Promise<FiltersRow | undefined> {
  const values = { ...input, updatedAt: new Date() };
  const [row] = await db
    .insert(discoveryFilters)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: discoveryFilters.userId, set: values })
    .returning();
  return row;
}

export async function friendsFiltersRow(db: Db, userId: string): Promise<FriendsFiltersRow | undefined> {
  const [row] = await db.select().from(friendsFilters).where(eq(friendsFilters.userId, userId));
  return row;
}

export async function upsertFriendsFilters(
  db: Db,
  userId: string,
  input: z.output<typeof updateFriendsFiltersBody>,
): Promise<FriendsFiltersRow | undefined> {
  const values = { ...input, updatedAt: new Date() };
  const [row] = await db
    .insert(friendsFilters)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: friendsFilters.userId, set: values })
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Fragments for other features' statements

/**
 * The other half of discovery's mutual age check, on a candidate's saved range as discovery's projection
 * holds it (`savedMinAge` / `savedMaxAge`, null when she saved none): her own range must hold `age`.
 * Without saved filters her range is the default.
 */
export function savedRangeHolds(saved: { minAge: SQL | PgColumn; maxAge: SQL | PgColumn }, age: number): SQL {
  const defaultHolds = age >= DEFAULT_DISCOVERY_FILTERS.minAge && age <= DEFAULT_DISCOVERY_FILTERS.maxAge;
  const holds = sql`(${saved.minAge} <= ${age}::int and ${saved.maxAge} >= ${age}::int)`;
  return sql`coalesce(${holds}, ${sql.raw(String(defaultHolds))})`;
}

/** The Friends deck's mutual age check: the candidate's Friends age range (or the default, everyone) holds `age`. */
export function friendsRangeHolds(userId: PgColumn, age: number): SQL {
  const f = friendsFilters;
  const defaultHolds = age >= DEFAULT_FRIENDS_FILTERS.minAge && age <= DEFAULT_FRIENDS_FILTERS.maxAge;
  const holds = sql`(select ${f.minAge} <= ${age}::int and ${f.maxAge} >= ${age}::int from ${f} where ${f.userId} = ${userId})`;
  return defaultHolds ? sql`coalesce(${holds}, true)` : sql`coalesce(${holds}, false)`;
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

/**
 * The same rule as `inDeck` with the deck as a SQL value (a prepared statement's parameter): the swipe
 * statement checks that both members are in the deck she swiped in. One primary-key lookup.
 */
export function inDeckAt(mode: SQL, userId: SQL): SQL<boolean> {
  const p = userPreferences;
  return sql<boolean>`coalesce((select case when ${mode} = 'dating' then ${p.lookingFor} <> 'friends'
    else ${p.lookingFor} <> 'dating' end from ${p} where ${p.userId} = ${userId}), ${mode} = 'dating')`;
}

/**
 * A condition for another feature's statement: `userId` chose 'allowMessagesFrom: verified'. SQL, so
 * a hot write can check it in its own statement instead of a query of its own.
 */
export function acceptsOnlyVerifiedWriters(userId: SQLWrapper): SQL {
  const p = userPreferences;
  return sql`exists (select 1 from ${p} where ${p.userId} = ${userId} and ${p.allowMessagesFrom} = 'verified')`;
}

/**
 * SQL that holds unless she switched this kind of notification off (every kind is on by default, before
 * she saves any): for a statement that claims a delivery in one step, such as the match text.
 */
export function notificationKindOn(userId: string, kind: keyof NotificationSettings): SQL {
  const p = userPreferences;
  return sql`not exists (select 1 from ${p} where ${p.userId} = ${userId} and ${p.notifications}->>${kind} = 'false')`;
}

/** What deal breakers are checked against: her own profile answers. */
export interface MatchingViewer {
  dealBreakers: readonly DealBreaker[];
  lifestyle: Record<string, string>;
  relationshipGoals: string | null;
  isVerified: boolean;
}

/** The candidate's columns the rules read (discovery passes its query's columns). */
interface CandidateColumns {
  id: PgColumn;
  lifestyle: PgColumn;
  relationshipGoals: PgColumn;
  isVerified: PgColumn;
  location: PgColumn;
}

type FilterName = Extract<(typeof DEAL_BREAKERS)[number], { filter: true }>['name'];

const SMOKES = ['occasionally', 'socially', 'regularly'];
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Each filtering deal breaker, once: `rulesOut` is the SQL for "this candidate is what she does not
 * want", `describes` the same rule read from a member's own profile (for the other direction).
 * A missing profile answer never rules anyone out: only what she said about herself counts.
 * 'Long distance' is symmetric, so both directions use the distance list.
 */
const RULES: Record<
  Exclude<FilterName, 'Long distance'>,
  { rulesOut: (c: CandidateColumns) => SQL; describes: (me: MatchingViewer) => boolean }
> = {
  Smoking: {
    rulesOut: (c) => sql`coalesce(${c.lifestyle}->>'smoking' in (${inList(SMOKES)}), false)`,
    describes: (me) => SMOKES.includes(me.lifestyle.smoking ?? ''),
  },
  'Heavy drinking': {
    rulesOut: (c) => sql`coalesce(${c.lifestyle}->>'drinking' = 'regularly', false)`,
    describes: (me) => me.lifestyle.drinking === 'regularly',
  },
  'No pets allowed': {
    rulesOut: (c) => sql`coalesce(${c.lifestyle}->>'pets' = 'allergic', false)`,
    describes: (me) => me.lifestyle.pets === 'allergic',
  },
  'Wants children': {
    rulesOut: (c) => sql`coalesce(${c.lifestyle}->>'children' = 'want', false)`,
    describes: (me) => me.lifestyle.children === 'want',
  },
  "Doesn't want children": {
    rulesOut: (c) => sql`coalesce(${c.lifestyle}->>'children' = ${"don't want"}, false)`,
    describes: (me) => me.lifestyle.children === "don't want",
  },
  'Only casual': {
    rulesOut: (c) => sql`coalesce(${c.relationshipGoals} = 'Something casual', false)`,
    describes: (me) => me.relationshipGoals === 'Something casual',
  },
  'Unverified profile': {
    rulesOut: (c) => sql`not ${c.isVerified}`,
    describes: (me) => !me.isVerified,
  },
};

/** A list as one text[] parameter, so discovery's statement has the same text whatever the list (it is prepared). */
const textArray = (items: readonly string[]) => sql`${sql.param([...items])}::text[]`;

/** Not hidden: profileVisibility 'hidden' keeps her out of every deck (the Friends deck's only privacy rule here). */
export function notHidden(id: PgColumn): SQL {
  const p = userPreferences;
  return sql`${id} not in (select ${p.userId} from ${p} where ${p.profileVisibility} = 'hidden')`;
}

/**
 * Discovery's privacy and deal-breaker conditions on a candidate, one SQL fragment:
 * - not hidden (profileVisibility 'hidden' keeps her out of everyone's discovery);
 * - none of the viewer's deal breakers describes the candidate;
 * - none of the candidate's deal breakers describes the viewer (set lookups on the members who set them).
 * `nearby`: the catalogue locations within LONG_DISTANCE_MILES of the viewer.
 */
export function discoveryConditions(me: MatchingViewer, nearby: readonly string[], c: CandidateColumns): SQL {
  const p = userPreferences;
  const conditions: SQL[] = [notHidden(c.id)];
  // In one order whatever order she chose them in: discovery's statement is prepared per text.
  for (const name of [...new Set(me.dealBreakers)].sort()) {
    if (name === 'Long distance') {
      conditions.push(nearby.length > 0 ? sql`${c.location} = any(${textArray(nearby)})` : sql`false`);
    } else if (name in RULES) {
      conditions.push(sql`not (${RULES[name as keyof typeof RULES].rulesOut(c)})`);
    }
  }
  const describesMe = (Object.keys(RULES) as (keyof typeof RULES)[]).filter((name) => RULES[name].describes(me));
  if (describesMe.length > 0) {
    conditions.push(
      sql`${c.id} not in (select ${p.userId} from ${p} where ${p.dealBreakers} && ${textArray(describesMe)})`,
    );
  }
  const farFromMe = nearby.length > 0 ? sql`${c.location} <> all(${textArray(nearby)})` : sql`true`;
  conditions.push(
    sql`not (${farFromMe} and ${c.id} in (select ${p.userId} from ${p} where 'Long distance' = any(${p.dealBreakers})))`,
  );
  return sql`(${sql.join(conditions, sql` and `)})`;
}

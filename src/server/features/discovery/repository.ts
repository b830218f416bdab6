import { createHash } from 'node:crypto';
import { and, between, eq, lte, ne, not, sql, type SQL } from 'drizzle-orm';
import {
  LIFESTYLE_FILTER_INTERESTS,
  LIFESTYLE_FILTERS_MATCHING_JOB,
  type DiscoveryFilters,
  type DiscoveryMode,
  type DiscoveryScope,
} from '../../../contract/discovery';
import {
  citiesOf,
  distanceMiles,
  formatLocation,
  locationCoordinates,
  parseLocation,
  US_STATES,
} from '../../../contract/locations';
import { LONG_DISTANCE_MILES } from '../../../contract/preferences';
import { COMPLETENESS_CRITERIA, COMPLETENESS_TOTAL } from '../../../contract/profiles';
import type { PromptAnswer } from '../../../contract/prompts';
import { onPostgres, writtenOnce, type Db } from '../../db/client';
import { Lru } from '../../lib/lru';
import { travelPlans } from '../../db/schema/discovery';
import { boostMultiplierSql, discoveryMembers, memberTable as users, notInBlocksOf, notSuspendedRow } from '../../core';
import { notUnmatchedWith, swipedBy } from '../matches';
import {
  discoveryConditions,
  friendsRangeHolds,
  inDeck,
  notHidden,
  privacyChoicesOf,
  savedRangeHolds,
  type MatchingViewer,
} from '../preferences';
import { hasTwoPhotos, photoKeysOfMember } from '../profiles';
import { notHeldFromDiscovery, notReportedBy } from '../safety';

/**
 * Every statement of discovery: the discovery query (the candidate pool, its score and one ranked page),
 * the viewer's own inputs, travel plans and the interests trending near her. Services decide and answer
 * (which deck, cursors, cards, the Premium rules of travel); what is read and written is here. Functions
 * take the handle to run on (the database, or a transaction).
 */

const DAY_MS = 24 * 60 * 60_000;

export interface Viewer {
  id: string;
  age: number;
  location: string;
  latitude: number;
  longitude: number;
  interests: string[];
  teaInterests: string[];
}

export interface CandidateSearch {
  viewer: Viewer;
  filters: DiscoveryFilters;
  /**
   * The deck (default 'dating'). 'friends': only members looking for friends, by her Friends filters
   * (`filters` holds their age range and distance, no chips) and theirs; no deal breakers either way.
   */
  mode?: DiscoveryMode;
  /** Friends deck: a candidate shares at least one of these interests when any are given. */
  friendsInterests?: readonly string[];
  /** Her deal breakers and the profile answers others' deal breakers are checked against (none given: none of hers apply). */
  matching?: MatchingViewer;
  scope: DiscoveryScope;
  /** Activity and premium are judged as of this moment (kept across the pages of one feed). */
  rankedAt: Date;
  /** 'boosted': the feed (premium counts double). 'compatibility': potential matches, by score alone. */
  rankBy: 'boosted' | 'compatibility';
  /** Which pool window: undefined for the first, else the window after this member in recency order. */
  window?: PoolBoundary;
  /** Keyset: only candidates strictly after this (rank, id) in (rank desc, id desc) order, in the window. */
  after?: { rank: number; id: string };
  limit: number;
}

/**
 * A member's place in recency order (last active, newest first, then id): where a pool window ends.
 * `activeAtMicros` is last_active_at in microseconds since the epoch, exact (a JS Date keeps only ms).
 */
export interface PoolBoundary {
  activeAtMicros: string | null;
  id: string;
}

/**
 * How many candidates one window scores. Discovery never scores everyone in range (150 000 people
 * around New York City at a million members): it reads the most recently active members who pass
 * every filter, stopping at this many, and ranks those exactly. Members running a Profile Boost join
 * the first window whatever their activity. The next window takes the next this-many by recency.
 */
export const CANDIDATE_POOL = 300;

const EARTH_RADIUS_MILES = 3958.8;

const NO_DEAL_BREAKERS: MatchingViewer = { dealBreakers: [], lifestyle: {}, relationshipGoals: null, isVerified: true };

/** Great-circle distance from the viewer's city centre (the haversine of `distanceMiles` in the contract). */
function milesFrom(lat: number, lng: number): SQL<number> {
  return sql<number>`(${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(${users.latitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${users.latitude}))
      * power(sin(radians(${users.longitude} - ${lng}::float8) / 2), 2)
  ))))`;
}

/** Every catalogue location, with its city centre. */
const CATALOGUE = US_STATES.flatMap((state) =>
  citiesOf(state).map((city) => {
    const location = formatLocation(city, state);
    const centre = locationCoordinates(location);
    if (!centre) throw new Error(`catalogue has no centre for ${location}`);
    return { location, state, centre };
  }),
);

/**
 * The catalogue locations whose city centre lies within `miles` of (lat, lng), inside the scope.
 * Everyone lives at a catalogue location (sign-up and profile edits accept nothing else, and store
 * its centre as her coordinates), so "her city centre is within my distance" is exactly "her location
 * is in this list": the query matches the list on the location index with a hashed lookup, instead
 * of computing a haversine for every row of a bounding box (15 000 rows around New York City).
 */
export function locationsWithin(
  viewer: Pick<Viewer, 'latitude' | 'longitude' | 'location'>,
  miles: number,
  scope: DiscoveryScope,
): readonly string[] {
  const key = `${viewer.location}|${viewer.latitude}|${viewer.longitude}|${miles}|${scope}`;
  let places = placesNear.get(key);
  if (!places) placesNear.set(key, (places = Object.freeze(catalogueWithin(viewer, miles, scope))));
  return places;
}

/**
 * The answers of `locationsWithin`, a pure function of the catalogue: a feed page asks it four times, and
 * measuring the whole catalogue's distances each time was a tenth of the discovery query's CPU.
 */
const placesNear = new Lru<readonly string[]>({ max: 2_000 });

function catalogueWithin(
  viewer: Pick<Viewer, 'latitude' | 'longitude' | 'location'>,
  miles: number,
  scope: DiscoveryScope,
): string[] {
  const here = { lat: viewer.latitude, lng: viewer.longitude };
  const state = parseLocation(viewer.location)?.state;
  const inScope = (place: (typeof CATALOGUE)[number]) => {
    if (scope === 'all' || scope === 'nearby') return true;
    if (scope === 'state' && state !== undefined) return place.state === state;
    return place.location === viewer.location;
  };
  return CATALOGUE.filter((place) => inScope(place) && distanceMiles(here, place.centre) <= miles).map(
    (p) => p.location,
  );
}

/**
 * A list as one text[] parameter: the statement's text is then the same whatever the list holds (her
 * cities, chips, interests), so PostgreSQL plans it once per shape instead of once per request.
 */
const textArray = (items: readonly string[]) => sql`${sql.param([...items])}::text[]`;

function lifestyleCondition(chips: DiscoveryFilters['lifestylePreferences']): SQL | undefined {
  if (chips.length === 0) return undefined;
  const interests = [...new Set(chips.flatMap((chip) => LIFESTYLE_FILTER_INTERESTS[chip]))];
  const alternatives: SQL[] = [];
  if (interests.length > 0) alternatives.push(sql`${users.interests} && ${textArray(interests)}`);
  if (chips.some((chip) => LIFESTYLE_FILTERS_MATCHING_JOB.includes(chip))) {
    alternatives.push(sql`btrim(coalesce(${users.job}, '')) <> ''`);
  }
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

export interface Candidate {
  id: string;
  name: string;
  age: number;
  bio: string;
  location: string;
  pronouns: string | null;
  interests: string[];
  teaInterests: string[];
  job: string | null;
  prompts: PromptAnswer[];
  isVerified: boolean;
  lastActiveAt: Date | null;
  distanceMiles: number;
  /** Compatibility, 0-100. */
  score: number;
  /** The feed order: score, doubled for premium members when ranking by 'boosted'. */
  rank: number;
  /** Her photos' storage keys, in her order. */
  photoKeys: string[];
  /** What she chose to show (preferences' `privacyChoicesOf`; `disclosure` decides with the viewer's). */
  shows: { showAge: boolean; showDistance: boolean; showOnlineStatus: boolean; showLastActive: boolean };
  /** She is on a trip to the city her card shows (Travel mode). */
  visiting: boolean;
}

/**
 * THE discovery query, one SQL statement: everyone the viewer may be shown, ranked, one page.
 *
 * Candidates: not her, not in ghost mode, not swiped by her, no block either way, age inside her range
 * and her age inside theirs (their saved range, or the default 18-65), within her distance of her
 * city centre, inside the scope, and matching her tea / lifestyle chips when she chose any; not hidden
 * and no deal breaker either way (preferences' `discoveryConditions`).
 *
 * Its cost grows with the page and the pool, not with the number of people in range:
 * 1-2. `eligible`: the pool: candidates in recency order (`recencyStream`), every filter checked row
 *    by row, stopped at CANDIDATE_POOL, plus running boosts in the first window; each with the score
 *    parts read from her row and her premium boost. A rank then lies between `low` (fewer than 2
 *    photos) and `high` (2+ photos).
 * 3. `cutoff`: the page-size-th best `low` among candidates surely after the cursor. That many
 *    candidates rank at least this high, so no one whose `high` is below it can make the page.
 * 4. `ranked`: the exact score (with the photo lookup) only for candidates whose `high` reaches it.
 * 5. The page: keyset (rank, id) after the cursor, best first, with the public columns and what the card
 *    shows with them (photos, privacy choices, a trip), read for the page's rows only.
 */
export function candidateQuery(db: Db, search: CandidateSearch, prepared = false) {
  const { viewer, after, limit } = search;

  const low = sql`(${scoreOf(sql`e.profile_points`, sql`e.completeness`, false)} * e.boost)`;
  const high = sql`(${scoreOf(sql`e.profile_points`, sql`e.completeness`, true)} * e.boost)`;
  const surelyAfter = after
    ? sql`(${high} < ${after.rank}::int or (${high} = ${after.rank}::int and e.id < ${after.id}::uuid))`
    : sql`true`;
  const notBefore = after ? sql`${low} <= ${after.rank}::int` : sql`true`;
  const afterCursor = after ? sql`(r.score * r.boost, r.id) < (${after.rank}::int, ${after.id}::uuid)` : sql`true`;

  // Steps 1-4, as one derived table `r` (id, boost, score) the typed page select below reads.
  const ranked = sql`(
    with eligible as materialized (${poolQuery(search, prepared)}),
    cutoff as (
      select ${low} as rank from eligible e where ${surelyAfter}
      order by 1 desc offset ${Math.max(0, limit - 1)}::int limit 1
    ),
    ranked as materialized (
      select e.id, e.boost, ${scoreOf(sql`e.profile_points`, sql`e.completeness`, hasTwoPhotos(sql`e.id`))} as score
      from eligible e
      where ${notBefore} and ${high} >= coalesce((select rank from cutoff), 0)
    )
    select id, boost, score from ranked
  ) r`;
  const rank = sql<number>`r.score * r.boost`;
  return db
    .select({
      id: users.id,
      name: users.name,
      age: users.age,
      bio: users.bio,
      location: users.location,
      pronouns: users.pronouns,
      interests: users.interests,
      teaInterests: users.teaInterests,
      job: users.job,
      prompts: users.prompts,
      isVerified: users.isVerified,
      lastActiveAt: users.lastActiveAt,
      distanceMiles: milesFrom(viewer.latitude, viewer.longitude).mapWith(Number),
      score: sql<number>`r.score`.mapWith(Number),
      rank: rank.mapWith(Number),
      photoKeys: photoKeysOfMember(sql`${users.id}`),
      shows: privacyChoicesOf(sql`${users.id}`),
      visiting: sql<boolean>`exists (select 1 from ${travelPlans} where ${travelPlans.userId} = ${users.id}
        and ${travelPlans.location} = ${users.location})`,
    })
    .from(ranked)
    .innerJoin(users, sql`${users.id} = r.id`)
    .where(afterCursor)
    .orderBy(sql`${rank} desc`, sql`r.id desc`)
    .limit(limit);
}

const microsOf = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::bigint`;

/**
 * How far one window reads the recency stream at most: the pool fills long before for anyone but a
 * searcher with very narrow filters, whose next window then starts after the last member read.
 */
const STREAM_CAP = 2 * CANDIDATE_POOL;

/** Up to this many cities, a statement planned with her values merges one ordered scan per city (planning grows per city). */
const MERGED_CITIES = 12;

/**
 * Up to this many cities (New York City within 100 miles: 71), a prepared statement merges one ordered
 * scan per city. Its plan is made without her list, so it must suit any list: merged per-city scans
 * read about STREAM_CAP entries whatever her cities hold. Each alternative suits one kind of list
 * only: one scan across cities suits a dense metro and reads nearly all of the index for a few small
 * towns; each city's whole range then a sort suits the towns, and took 50-70 ms for New York City's
 * 150 000 members when a generic plan chose it.
 */
const PREPARED_MERGED_CITIES = 128;

/**
 * How many per-city scans a prepared statement takes for `cities`: 4, or the next multiple of 8, so a
 * few statement shapes cover every list. A scan beyond her list names no city and reads nothing.
 */
function mergedScans(cities: number): number {
  return cities <= 4 ? 4 : Math.ceil(cities / 8) * 8;
}

/**
 * Candidates come from the discovery projection (core's `discoveryMembers`: the member row's filter
 * columns and score parts, narrow, with her saved range), read under the member table's name, so every
 * condition written on `users` columns (here, in preferences and in core) reads the projection's. Its
 * own columns (the score parts and the saved range) are read by name through `projected`.
 */
const projected = (column: 'bio_length' | 'prompt_count' | 'saved_min_age' | 'saved_max_age') =>
  sql`${users}.${sql.raw(column)}`;

/** The projection's columns the conditions and the score read. */
const MEMBER_COLUMNS = sql.raw(
  'id, age, location, interests, tea_interests, job, lifestyle, relationship_goals, is_verified, ghost_mode, ' +
    'suspended_until, premium_until, boosted_until, last_active_at, bio_length, prompt_count, saved_min_age, ' +
    'saved_max_age',
);

const RECENCY_ORDER = sql.raw('order by last_active_at desc nulls last, id desc nulls last');

/**
 * One city's scan of the stream up to her city (see `recencyStream`), written once: New York City's stream
 * merges 48 of them, and writing each from its parts was half of the statement's CPU.
 */
const CITY_SCAN = writtenOnce(
  sql`select ${MEMBER_COLUMNS} from ${discoveryMembers} where not ${discoveryMembers.ghostMode} and ${discoveryMembers.location} = `,
);

/**
 * Members not in ghost mode in her cities (any city for 'All Areas'), most recently active first, at
 * most STREAM_CAP, as projection rows read straight through the recency indexes. A few cities (a town
 * and its neighbours; for a `prepared` statement, up to PREPARED_MERGED_CITIES): one ordered range scan
 * of discovery_members_city_recency_idx per city, merged, so only the first STREAM_CAP entries are read.
 * Many (a metro of 150 000 members): one scan across cities of discovery_members_recency_idx that skips
 * other cities' entries, or, planned with her values, per city and a sort when the planner expects
 * fewer entries that way.
 */
function recencyStream(search: CandidateSearch, prepared: boolean): SQL {
  const places = placesOf(search);
  const cap = sql.raw(String(STREAM_CAP));
  const m = discoveryMembers;
  const window = search.window ? afterBoundary(search.window, sql`${m.lastActiveAt}`, sql`${m.id}`) : undefined;
  const scan = (place: SQL | undefined) =>
    sql`select ${MEMBER_COLUMNS} from ${m}
      where ${and(not(m.ghostMode), place, window)} ${RECENCY_ORDER} limit ${cap}`;
  if (places === undefined) return scan(undefined);
  if (places.length === 0) return scan(sql`false`);
  if (places.length > (prepared ? PREPARED_MERGED_CITIES : MERGED_CITIES)) {
    const inPlaces = sql`${m.location} = any(${textArray(places)})`;
    // Prepared, `is true` keeps it from being an index condition: no plan made without her list reads
    // these cities' whole range of the city index.
    return scan(prepared ? sql`(${inPlaces}) is true` : inPlaces);
  }
  const inWindow = window ? sql` and ${window}` : sql``;
  const perCity = Array.from(
    { length: prepared ? mergedScans(places.length) : places.length },
    (_, i) => sql`(${CITY_SCAN}${places[i] ?? null}::text${inWindow} ${RECENCY_ORDER} limit ${cap})`,
  );
  return sql`select * from (${sql.join(perCity, sql` union all `)}) as by_city ${RECENCY_ORDER} limit ${cap}`;
}

/** Every rule a candidate must pass, on the columns of `users` (the member table or a stream of its rows). */
function candidateConditions(search: CandidateSearch): SQL | undefined {
  const { viewer, filters } = search;
  const mode = search.mode ?? 'dating';
  const friendsInterests = search.friendsInterests ?? [];
  return and(
    ne(users.id, viewer.id),
    between(users.age, filters.minAge, filters.maxAge),
    // Each deck holds only the members who chose it (Friends mode), with that deck's rules both ways.
    inDeck(mode, users.id),
    ...(mode === 'friends'
      ? [
          friendsRangeHolds(users.id, viewer.age),
          notHidden(users.id),
          friendsInterests.length > 0 ? sql`${users.interests} && ${textArray(friendsInterests)}` : undefined,
        ]
      : [
          savedRangeHolds({ minAge: projected('saved_min_age'), maxAge: projected('saved_max_age') }, viewer.age),
          discoveryConditions(
            search.matching ?? NO_DEAL_BREAKERS,
            locationsWithin(viewer, LONG_DISTANCE_MILES, 'all'),
            {
              id: users.id,
              lifestyle: users.lifestyle,
              relationshipGoals: users.relationshipGoals,
              isVerified: users.isVerified,
              location: users.location,
            },
          ),
        ]),
    filters.teaPreferences.length > 0 ? sql`${users.teaInterests} && ${textArray(filters.teaPreferences)}` : undefined,
    lifestyleCondition(filters.lifestylePreferences),
    // NOT IN over her swipes in this deck becomes one hashed lookup per row (target_user_id is never null).
    sql`${users.id} not in ${swipedBy(viewer.id, mode)}`,
    notInBlocksOf(viewer.id, users.id),
    // Safety: suspended members, members held back pending review, and pairs that unmatched.
    notSuspendedRow(),
    notHeldFromDiscovery(users.id),
    notReportedBy(viewer.id, users.id),
    notUnmatchedWith(viewer.id, users.id),
  );
}

/** The cities in her distance and scope; undefined for 'All Areas', which has no distance limit. */
function placesOf(search: CandidateSearch): readonly string[] | undefined {
  return search.scope === 'all' ? undefined : locationsWithin(search.viewer, search.filters.maxDistance, search.scope);
}

/** After `boundary` in recency order. */
function afterBoundary(boundary: PoolBoundary, lastActiveAt: SQL, id: SQL): SQL {
  if (boundary.activeAtMicros === null) return sql`(${lastActiveAt} is null and ${id} < ${boundary.id}::uuid)`;
  const at = sql`${boundary.activeAtMicros}::bigint`;
  return sql`(${lastActiveAt} is null or ${microsOf(lastActiveAt)} < ${at}
    or (${microsOf(lastActiveAt)} = ${at} and ${id} < ${boundary.id}::uuid))`;
}

/** The score parts of the member row in `users`, and her boost, as the pool's columns. */
function scoreColumns(search: CandidateSearch): SQL {
  const parts = scoreParts(search.viewer, search.rankedAt);
  const boost = search.rankBy === 'boosted' ? premiumBoost(search.rankedAt) : sql`1`;
  return sql`${parts.profilePoints} as profile_points, ${parts.completenessWithoutPhotos} as completeness,
    ${boost} as boost`;
}

/**
 * The window's recency pool, in recency order: up to CANDIDATE_POOL candidates (id, last active) and,
 * with `scored`, their score columns.
 */
function recencyPool(search: CandidateSearch, prepared: boolean, scored = false): SQL {
  const boosted = search.rankBy === 'boosted' ? premiumBoost(search.rankedAt) : undefined;
  const where = and(
    candidateConditions(search),
    // A running boost was in the first window already.
    search.window && boosted ? sql`${boosted} = 1` : undefined,
  );
  // The filters run on the stream's projection rows, as the recency index yields them (no lookup by
  // primary key, no probe of saved filters). The stream is a plain subquery (not a materialized CTE) so
  // the planner knows it comes in recency order: the checks then run in that order and stop once the
  // pool is full, instead of checking the whole stream and sorting (New York City at 1 M: 342 members
  // checked instead of 600).
  return sql`select ${users.id}, ${users.lastActiveAt}${scored ? sql`, ${scoreColumns(search)}` : sql``}
    from (${recencyStream(search, prepared)}) as ${users}
    where ${where}
    order by ${users.lastActiveAt} desc nulls last, ${users.id} desc nulls last
    limit ${sql.raw(String(CANDIDATE_POOL))}`;
}

/** Steps 1-2: the scored recency pool, and in the first window of the feed everyone running a Profile Boost. */
function poolQuery(search: CandidateSearch, prepared: boolean): SQL {
  const pool = sql`select id, profile_points, completeness, boost from (${recencyPool(search, prepared, true)}) p`;
  if (search.window || search.rankBy !== 'boosted') return pool;
  const places = placesOf(search);
  const boostedNow = and(
    // The first test is implied by the second, but a constant: it tells a plan made without the moment
    // how few members have a boost at all.
    sql`${users.boostedUntil} > '-infinity' and ${users.boostedUntil} > ${search.rankedAt.toISOString()}::timestamptz`,
    sql`${premiumBoost(search.rankedAt)} > 1`,
    not(users.ghostMode),
    places === undefined
      ? undefined
      : places.length > 0
        ? sql`${users.location} = any(${textArray(places)})`
        : sql`false`,
    candidateConditions(search),
  );
  // `union` drops a boosting member the recency pool holds too (the same row twice).
  return sql`${pool} union select ${users.id}, ${scoreColumns(search)} from ${discoveryMembers} as ${users} where ${boostedNow}`;
}

/**
 * Where the search's pool window ends, when more may follow: after its last candidate when the pool
 * is full, or after the last member read when the stream stopped at its cap first. Undefined when
 * no one is left after the window.
 */
export async function poolEnd(db: Db, search: CandidateSearch): Promise<PoolBoundary | undefined> {
  const last = async (from: SQL) => {
    const result = (await db.execute<{ n: string | number; id: string; at: string | null }>(sql`
      select count(*) over () as n, id, ${microsOf(sql.raw('last_active_at'))}::text as at
      from (${from}) p
      order by last_active_at asc nulls first, id asc
      limit 1`)) as { rows: Array<{ n: string | number; id: string; at: string | null }> };
    const row = result.rows[0];
    return row && { count: Number(row.n), boundary: { activeAtMicros: row.at, id: row.id } };
  };
  const pool = await last(recencyPool(search, false));
  if (pool && pool.count >= CANDIDATE_POOL) return pool.boundary;
  const stream = await last(sql`select * from (${recencyStream(search, false)}) s`);
  return stream && stream.count >= STREAM_CAP ? stream.boundary : undefined;
}

/**
 * How many statement shapes a process prepares by name. The discovery statement's text depends only
 * on the search's shape (deck, how many cities in steps, which deal breakers, a cursor or not), not on
 * its values, so a few shapes serve nearly every search. A named statement stays prepared on each
 * pooled connection for good, so rarer shapes past this many run unnamed, planned each time.
 */
const PREPARED_SHAPES = 64;
const preparedShapes = new Set<string>();
/** The name each search shape's statement had last time: a guess, checked against the text every time. */
const nameByShape = new Map<string, string>();

/**
 * What decides the statement's text, as far as it can be told without writing it. Only a guess at its
 * name: a shape this misses costs writing the statement a second time, never a wrong name.
 */
function shapeOf(search: CandidateSearch): string {
  const places = placesOf(search);
  return JSON.stringify([
    search.mode ?? 'dating',
    search.rankBy,
    search.scope,
    places === undefined ? 'all' : places.length > PREPARED_MERGED_CITIES ? 'many' : mergedScans(places.length),
    places?.length === 0,
    search.window === undefined,
    search.window?.activeAtMicros === null,
    search.after === undefined,
    search.filters.teaPreferences.length > 0,
    [...search.filters.lifestylePreferences].sort(),
    (search.friendsInterests ?? []).length > 0,
    search.matching ? [...new Set(search.matching.dealBreakers)].sort() : null,
  ]);
}

/**
 * The discovery query. On PostgreSQL, a named prepared statement: each pooled connection parses it once
 * per shape, and its plan cache keeps one generic plan, where planning on every request cost 2-3 ms at
 * 1 M members. PostgreSQL makes five plans with the values first, then keeps the generic plan only if
 * its estimated cost is no higher than theirs: so the prepared statement is written for a plan made
 * without her values to read what the ones with them read, and to be estimated alike (`recencyStream`,
 * `poolQuery`). The name is a hash of the text, so two shapes never share one. Writing the statement's
 * text is most of its CPU (about 2 ms at 1 M members), so it is written once: prepared under the name
 * its shape had last time, and again only when the text's own name differs. PGlite plans every
 * statement anew (its driver ignores names), so there the statement keeps the form best planned with
 * her values.
 */
export async function findCandidates(db: Db, search: CandidateSearch): Promise<Candidate[]> {
  if (!onPostgres(db)) return candidateQuery(db, search);
  const query = candidateQuery(db, search, true);
  const shape = shapeOf(search);
  const guess = nameByShape.get(shape) ?? 'discovery_unnamed';
  const prepared = query.prepare(guess);
  const name = `discovery_${createHash('sha1').update(prepared.getQuery().sql).digest('base64url')}`;
  if (!preparedShapes.has(name)) {
    if (preparedShapes.size >= PREPARED_SHAPES) return query;
    preparedShapes.add(name);
  }
  if (nameByShape.size < 4 * PREPARED_SHAPES) nameByShape.set(shape, name);
  return (name === guess ? prepared : query.prepare(name)).execute();
}

// ---------------------------------------------------------------------------------------------------
// The score

/**
 * The compatibility score of a candidate for a viewer, 0-100, computed in the discovery query:
 *
 * | part                | points                                                          |
 * |---------------------|-----------------------------------------------------------------|
 * | shared interests    | 8 per interest we share, up to 5 (40)                           |
 * | shared tea          | 5 per tea we share, up to 3 (15)                                |
 * | recent activity     | active in the last day 15, week 10, month 5                     |
 * | verified            | 10                                                              |
 * | profile complete    | profile completeness (product §5: photos, bio, location, interests) |
 * |                     | scaled to 20                                                    |
 *
 * The feed is ordered by rank = score × 2 while a member's Profile Boost runs (billing), then by id.
 * Potential matches show the score itself as "match score %", and are ordered by it.
 * Every part is an integer so the rank can be compared exactly in a keyset cursor.
 */
const SCORE_PARTS = {
  perSharedInterest: 8,
  sharedInterestsCounted: 5,
  perSharedTea: 5,
  sharedTeasCounted: 3,
  activeDay: 15,
  activeWeek: 10,
  activeMonth: 5,
  verified: 10,
  completeProfile: 20,
} as const;

/** Constants are inlined, not bound: they are part of the query's shape, and plans can fold them. */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

interface ScoringViewer {
  interests: readonly string[];
  teaInterests: readonly string[];
}

/**
 * How many of `mine` the candidate's array holds, counted only for candidates that share at least one
 * (one overlap test first). Her list is one parameter, so the statement's text does not depend on
 * how many she chose; the count runs on the scored pool alone (300 rows, well under a millisecond).
 */
function sharedCount(column: typeof users.interests | typeof users.teaInterests, mine: readonly string[]): SQL {
  const items = textArray([...new Set(mine)]);
  return sql`(case when ${column} && ${items}
    then (select count(*) from unnest(${items}) as mine (item) where mine.item = any(${column}))::int else 0 end)`;
}

/**
 * The score comes in parts so the query can bound it cheaply first: everything read from the user's
 * own row, and the photo criterion of completeness (2+ photos), a lookup in photos that the query
 * makes only for candidates that can still reach the page (see `candidateQuery`).
 */
interface ScoreParts {
  /** Interests, tea, activity and verification points. */
  profilePoints: SQL<number>;
  /** Completeness points earned by everything but photos (of COMPLETENESS_TOTAL). */
  completenessWithoutPhotos: SQL<number>;
}

type Criterion = (typeof COMPLETENESS_CRITERIA)[number]['key'];
const PHOTO_POINTS = COMPLETENESS_CRITERIA.find((c) => c.key === 'photos')?.points ?? 0;

/** Completeness points in SQL, criterion by criterion as `profileCompleteness` in the contract defines them. */
function completenessWithoutPhotos(): SQL<number> {
  const condition: Record<Exclude<Criterion, 'photos'>, SQL> = {
    bio: sql`${projected('bio_length')} > 20`,
    location: sql`btrim(${users.location}) <> ''`,
    interests: sql`cardinality(${users.interests}) >= 5`,
    prompts: sql`${projected('prompt_count')} >= 1`,
  };
  return sql<number>`(${sql.join(
    COMPLETENESS_CRITERIA.filter((c) => c.key !== 'photos').map(
      (c) => sql`(case when ${condition[c.key as Exclude<Criterion, 'photos'>]} then ${int(c.points)} else 0 end)`,
    ),
    sql` + `,
  )})`;
}

function scoreParts(viewer: ScoringViewer, rankedAt: Date): ScoreParts {
  const p = SCORE_PARTS;
  const since = (ms: number) => sql`${new Date(rankedAt.getTime() - ms).toISOString()}::timestamptz`;
  return {
    profilePoints: sql<number>`(
      least(${sharedCount(users.interests, viewer.interests)}, ${int(p.sharedInterestsCounted)}) * ${int(p.perSharedInterest)}
      + least(${sharedCount(users.teaInterests, viewer.teaInterests)}, ${int(p.sharedTeasCounted)}) * ${int(p.perSharedTea)}
      + case
          when ${users.lastActiveAt} >= ${since(DAY_MS)} then ${int(p.activeDay)}
          when ${users.lastActiveAt} >= ${since(7 * DAY_MS)} then ${int(p.activeWeek)}
          when ${users.lastActiveAt} >= ${since(30 * DAY_MS)} then ${int(p.activeMonth)}
          else 0
        end
      + case when ${users.isVerified} then ${int(p.verified)} else 0 end
    )`,
    completenessWithoutPhotos: completenessWithoutPhotos(),
  };
}

/**
 * The score from its parts: completeness earned (with or without the photo points) scaled to 20 and
 * rounded half up, in integer arithmetic (round(a·20/T) = (40a + T) / 2T, T = COMPLETENESS_TOTAL): numeric math per row
 * was a measurable part of the query.
 */
function scoreOf(profilePoints: SQL, completenessWithoutPhotos: SQL, withPhotos: boolean | SQL): SQL<number> {
  const photoPoints =
    typeof withPhotos === 'boolean'
      ? int(withPhotos ? PHOTO_POINTS : 0)
      : sql`(case when ${withPhotos} then ${int(PHOTO_POINTS)} else 0 end)`;
  const scale = SCORE_PARTS.completeProfile;
  return sql<number>`(${profilePoints} + ((${completenessWithoutPhotos} + ${photoPoints}) * ${int(2 * scale)} + ${int(COMPLETENESS_TOTAL)}) / ${int(2 * COMPLETENESS_TOTAL)})`;
}

/** The rank multiplier of a running Profile Boost, as of `rankedAt` (the rule lives in the core). */
function premiumBoost(rankedAt: Date): SQL<number> {
  return boostMultiplierSql(rankedAt);
}

// ---------------------------------------------------------------------------------------------------
// The viewer

/** Her own row's discovery inputs: what the query searches from and what others' deal breakers read. */
export async function viewerRow(db: Db, userId: string) {
  const [row] = await db
    .select({
      viewer: {
        id: users.id,
        age: users.age,
        location: users.location,
        latitude: users.latitude,
        longitude: users.longitude,
        interests: users.interests,
        teaInterests: users.teaInterests,
      },
      premiumUntil: users.premiumUntil,
      lifestyle: users.lifestyle,
      relationshipGoals: users.relationshipGoals,
      isVerified: users.isVerified,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Interests trending near her

/** Where she lives: her location and its city centre. */
export async function placeOf(
  db: Db,
  userId: string,
): Promise<{ location: string; latitude: number; longitude: number } | undefined> {
  const [me] = await db
    .select({ location: users.location, latitude: users.latitude, longitude: users.longitude })
    .from(users)
    .where(eq(users.id, userId));
  return me;
}

/** The `limit` interests most listed by members at these locations (not her, not ghosts), by count. */
export async function popularInterestsAt(
  db: Db,
  userId: string,
  places: readonly string[],
  limit: number,
): Promise<{ interest: string; count: number }[]> {
  const interest = sql<string>`unnest(${users.interests})`;
  return db
    .select({ interest: sql<string>`i.interest`, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(
      db
        .select({ interest: interest.as('interest') })
        .from(users)
        .where(and(ne(users.id, userId), not(users.ghostMode), sql`${users.location} = any(${textArray(places)})`))
        .as('i'),
    )
    .groupBy(sql`i.interest`)
    .orderBy(sql`count(*) desc`, sql`i.interest`)
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------------
// Travel plans

export type TravelPlanRow = typeof travelPlans.$inferSelect;

export async function travelPlanOf(db: Db, userId: string): Promise<TravelPlanRow | undefined> {
  const [row] = await db.select().from(travelPlans).where(eq(travelPlans.userId, userId));
  return row;
}

/** Her plan, locked until the transaction ends (ending a trip twice at once puts her home back once). */
export async function lockTravelPlan(tx: Db, userId: string): Promise<TravelPlanRow | undefined> {
  const [row] = await tx.select().from(travelPlans).where(eq(travelPlans.userId, userId)).for('update');
  return row;
}

/** Her plan, replacing the one she had. */
export async function upsertTravelPlan(
  db: Db,
  userId: string,
  plan: Omit<TravelPlanRow, 'userId'>,
): Promise<TravelPlanRow | undefined> {
  const [row] = await db
    .insert(travelPlans)
    .values({ userId, ...plan })
    .onConflictDoUpdate({ target: travelPlans.userId, set: plan })
    .returning();
  return row;
}

export async function deleteTravelPlan(db: Db, userId: string): Promise<void> {
  await db.delete(travelPlans).where(eq(travelPlans.userId, userId));
}

/** Whose trips have ended by `now`. */
export async function finishedTravellers(db: Db, now: Date): Promise<string[]> {
  const over = await db.select({ userId: travelPlans.userId }).from(travelPlans).where(lte(travelPlans.until, now));
  return over.map((o) => o.userId);
}

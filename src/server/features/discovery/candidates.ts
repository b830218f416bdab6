import { and, between, ne, not, sql, type SQL } from 'drizzle-orm';
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
import type { PromptAnswer } from '../../../contract/prompts';
import type { Db } from '../../db/client';
import { memberTable as users, notBlockedWith, notSuspendedRow } from '../../core';
import { notUnmatchedWith, swipedBy } from '../matches';
import {
  discoveryConditions,
  friendsRangeHolds,
  inDeck,
  notHidden,
  savedRangeHolds,
  type MatchingViewer,
} from '../preferences';
import { notHeldFromDiscovery, notReportedBy } from '../safety';
import { hasTwoPhotos, premiumBoost, scoreOf, scoreParts } from './score';

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

const textArray = (items: readonly string[]) =>
  sql`array[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

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
 * 5. The page: keyset (rank, id) after the cursor, best first, with the public columns.
 */
export function candidateQuery(db: Db, search: CandidateSearch) {
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
    with eligible as materialized (${poolQuery(search)}),
    cutoff as (
      select ${low} as rank from eligible e where ${surelyAfter}
      order by 1 desc offset ${sql.raw(String(Math.max(0, limit - 1)))} limit 1
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

/** Up to this many cities, the stream merges one ordered scan per city (planning grows per city). */
const MERGED_CITIES = 12;

/**
 * Ids of members not in ghost mode in her cities (any city for 'All Areas'), most recently active
 * first, at most STREAM_CAP, read from the recency indexes alone. A few cities (a town and its
 * neighbours): one ordered range scan of users_discovery_city_recency_idx per city, merged, so only
 * the first STREAM_CAP entries are read. Many (a metro of 150 000 members): one scan across cities
 * of users_discovery_recency_idx that skips other cities' entries, or per city and a sort when the
 * planner expects fewer entries that way.
 */
function recencyStream(search: CandidateSearch): SQL {
  const places = placesOf(search);
  const cap = sql.raw(String(STREAM_CAP));
  const order = sql`order by last_active_at desc nulls last, id desc nulls last`;
  const window = search.window ? afterBoundary(search.window, sql`${users.lastActiveAt}`, sql`${users.id}`) : undefined;
  const scan = (place: SQL | undefined) =>
    sql`select ${users.id} as id, ${users.lastActiveAt} as last_active_at from ${users}
      where ${and(not(users.ghostMode), place, window)} ${order} limit ${cap}`;
  if (places === undefined) return scan(undefined);
  if (places.length === 0) return scan(sql`false`);
  if (places.length > MERGED_CITIES) return scan(sql`${users.location} = any(${textArray(places)})`);
  const perCity = places.map((place) => sql`(${scan(sql`${users.location} = ${place}`)})`);
  return sql`select * from (${sql.join(perCity, sql` union all `)}) as by_city ${order} limit ${cap}`;
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
          savedRangeHolds(users.id, viewer.age),
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
    notBlockedWith(viewer.id, users.id),
    // Safety: suspended members, members held back pending review, and pairs that unmatched.
    notSuspendedRow(),
    notHeldFromDiscovery(users.id),
    notReportedBy(viewer.id, users.id),
    notUnmatchedWith(viewer.id, users.id),
  );
}

/** The cities in her distance and scope; undefined for 'All Areas', which has no distance limit. */
function placesOf(search: CandidateSearch): string[] | undefined {
  return search.scope === 'all' ? undefined : locationsWithin(search.viewer, search.filters.maxDistance, search.scope);
}

/** After `boundary` in recency order. */
function afterBoundary(boundary: PoolBoundary, lastActiveAt: SQL, id: SQL): SQL {
  if (boundary.activeAtMicros === null) return sql`(${lastActiveAt} is null and ${id} < ${boundary.id}::uuid)`;
  const at = sql`${boundary.activeAtMicros}::bigint`;
  return sql`(${lastActiveAt} is null or ${microsOf(lastActiveAt)} < ${at}
    or (${microsOf(lastActiveAt)} = ${at} and ${id} < ${boundary.id}::uuid))`;
}

/** The member columns the conditions and the score read (a wide row costs per candidate to carry). */
const MEMBER_COLUMNS = sql.raw(
  'id, age, location, bio, interests, tea_interests, job, lifestyle, prompts, relationship_goals, is_verified, ' +
    'ghost_mode, suspended_until, premium_until, boosted_until, last_active_at',
);

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
function recencyPool(search: CandidateSearch, scored = false): SQL {
  const boosted = search.rankBy === 'boosted' ? premiumBoost(search.rankedAt) : undefined;
  const where = and(
    candidateConditions(search),
    // A running boost was in the first window already.
    search.window && boosted ? sql`${boosted} = 1` : undefined,
  );
  // The filters run on the stream's rows, each member read by primary key: the lateral `offset 0`
  // keeps the planner from hashing the whole member table for a thousand ids.
  return sql`with stream as materialized (${recencyStream(search)})
    select stream.id, stream.last_active_at${scored ? sql`, ${scoreColumns(search)}` : sql``} from stream
    cross join lateral (select ${MEMBER_COLUMNS} from ${users} as member where member.id = stream.id offset 0) as ${users}
    where ${where}
    order by stream.last_active_at desc nulls last, stream.id desc nulls last
    limit ${sql.raw(String(CANDIDATE_POOL))}`;
}

/** Steps 1-2: the scored recency pool, and in the first window of the feed everyone running a Profile Boost. */
function poolQuery(search: CandidateSearch): SQL {
  const pool = sql`select id, profile_points, completeness, boost from (${recencyPool(search, true)}) p`;
  if (search.window || search.rankBy !== 'boosted') return pool;
  const places = placesOf(search);
  const boostedNow = and(
    sql`${users.boostedUntil} > ${search.rankedAt.toISOString()}::timestamptz`,
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
  return sql`${pool} union select ${users.id}, ${scoreColumns(search)} from ${users} where ${boostedNow}`;
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
  const pool = await last(recencyPool(search));
  if (pool && pool.count >= CANDIDATE_POOL) return pool.boundary;
  const stream = await last(sql`select * from (${recencyStream(search)}) s`);
  return stream && stream.count >= STREAM_CAP ? stream.boundary : undefined;
}

export async function findCandidates(db: Db, search: CandidateSearch): Promise<Candidate[]> {
  return candidateQuery(db, search);
}

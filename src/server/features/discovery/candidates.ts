import { and, between, ne, not, sql, type SQL } from 'drizzle-orm';
import {
  LIFESTYLE_FILTER_INTERESTS,
  LIFESTYLE_FILTERS_MATCHING_JOB,
  type DiscoveryFilters,
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
import type { Db } from '../../db/client';
import { memberTable as users, notBlockedWith, notSuspendedRow } from '../../core';
import { notUnmatchedWith, swipedBy } from '../matches';
import { discoveryConditions, savedRangeHolds, type MatchingViewer } from '../preferences';
import { notHeldFromDiscovery } from '../safety';
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
  /** Her deal breakers and the profile answers others' deal breakers are checked against (none given: none of hers apply). */
  matching?: MatchingViewer;
  scope: DiscoveryScope;
  /** Activity and premium are judged as of this moment (kept across the pages of one feed). */
  rankedAt: Date;
  /** 'boosted': the feed (premium counts double). 'compatibility': potential matches, by score alone. */
  rankBy: 'boosted' | 'compatibility';
  /** Keyset: only candidates strictly after this (rank, id) in (rank desc, id desc) order. */
  after?: { rank: number; id: string };
  limit: number;
}

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
 * Ranking without looking up every candidate's photos (a lookup per row was most of the cost around
 * New York City, ~13 000 candidates):
 * 1. `eligible`: every candidate with the score parts read from her own row and her premium boost.
 *    Her rank is then known to lie between `low` (fewer than 2 photos) and `high` (2+ photos).
 * 2. `cutoff`: the page-size-th best `low` among candidates surely after the cursor. That many
 *    candidates rank at least this high, so no one whose `high` is below it can make the page.
 * 3. `ranked`: the exact score (with the photo lookup) only for candidates whose `high` reaches it.
 * 4. The page: keyset (rank, id) after the cursor, best first, with the public columns.
 */
export function candidateQuery(db: Db, search: CandidateSearch) {
  const { viewer, filters, rankedAt, after, limit } = search;
  // 'All Areas' has no distance limit: a newcomer far from anyone still finds people.
  const places = search.scope === 'all' ? undefined : locationsWithin(viewer, filters.maxDistance, search.scope);
  const parts = scoreParts(viewer, rankedAt);
  const boost = search.rankBy === 'boosted' ? premiumBoost(rankedAt) : sql`1`;

  const eligibleWhere = and(
    ne(users.id, viewer.id),
    not(users.ghostMode),
    between(users.age, filters.minAge, filters.maxAge),
    savedRangeHolds(users.id, viewer.age),
    discoveryConditions(search.matching ?? NO_DEAL_BREAKERS, locationsWithin(viewer, LONG_DISTANCE_MILES, 'all'), {
      id: users.id,
      lifestyle: users.lifestyle,
      relationshipGoals: users.relationshipGoals,
      isVerified: users.isVerified,
      location: users.location,
    }),
    places === undefined
      ? undefined
      : places.length > 0
        ? sql`${users.location} = any(${textArray(places)})`
        : sql`false`,
    filters.teaPreferences.length > 0 ? sql`${users.teaInterests} && ${textArray(filters.teaPreferences)}` : undefined,
    lifestyleCondition(filters.lifestylePreferences),
    // NOT IN over her swipes becomes one hashed lookup per row (target_user_id is never null).
    sql`${users.id} not in ${swipedBy(viewer.id)}`,
    notBlockedWith(viewer.id, users.id),
    // Safety: suspended members, members held back pending review, and pairs that unmatched.
    notSuspendedRow(),
    notHeldFromDiscovery(users.id),
    notUnmatchedWith(viewer.id, users.id),
  );

  const low = sql`(${scoreOf(sql`e.profile_points`, sql`e.completeness`, false)} * e.boost)`;
  const high = sql`(${scoreOf(sql`e.profile_points`, sql`e.completeness`, true)} * e.boost)`;
  const surelyAfter = after
    ? sql`(${high} < ${after.rank}::int or (${high} = ${after.rank}::int and e.id < ${after.id}::uuid))`
    : sql`true`;
  const notBefore = after ? sql`${low} <= ${after.rank}::int` : sql`true`;
  const afterCursor = after ? sql`(r.score * r.boost, r.id) < (${after.rank}::int, ${after.id}::uuid)` : sql`true`;

  // Steps 1-3, as one derived table `r` (id, boost, score) the typed page select below reads.
  const ranked = sql`(
    with eligible as materialized (
      select ${users.id} as id, ${parts.profilePoints} as profile_points,
        ${parts.completenessWithoutPhotos} as completeness, ${boost} as boost
      from ${users}
      where ${eligibleWhere}
    ),
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

/** The statement's text and parameters, for EXPLAIN in the benchmark. */
export function candidateQueryText(db: Db, search: CandidateSearch): { sql: string; params: unknown[] } {
  return candidateQuery(db, search).toSQL();
}

export async function findCandidates(db: Db, search: CandidateSearch): Promise<Candidate[]> {
  return candidateQuery(db, search);
}

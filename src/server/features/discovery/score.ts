import { sql, type SQL } from 'drizzle-orm';
import { COMPLETENESS_CRITERIA, COMPLETENESS_TOTAL } from '../../../contract/profiles';
import { boostMultiplierSql, memberTable as users } from '../../core';
import { hasTwoPhotos } from '../profiles';

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

const DAY_MS = 24 * 60 * 60_000;
/** Constants are inlined, not bound: they are part of the query's shape, and plans can fold them. */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

interface ScoringViewer {
  interests: readonly string[];
  teaInterests: readonly string[];
}

const textArray = (items: readonly string[]) =>
  sql`array[${sql.join(
    items.map((i) => sql`${i}`),
    sql`, `,
  )}]::text[]`;

/**
 * How many of `mine` the candidate's array holds: one containment test per item of mine (run in C,
 * no subquery per row), and only for candidates that share at least one — one overlap test first.
 */
function sharedCount(column: typeof users.interests | typeof users.teaInterests, mine: readonly string[]): SQL {
  const items = [...new Set(mine)];
  if (items.length === 0) return sql`0`;
  const perItem = sql.join(
    items.map((item) => sql`(${column} @> array[${item}]::text[])::int`),
    sql` + `,
  );
  return sql`(case when ${column} && ${textArray(items)} then ${perItem} else 0 end)`;
}

/**
 * The score comes in parts so the query can bound it cheaply first: everything read from the user's
 * own row, and the photo criterion of completeness (2+ photos), a lookup in photos that the query
 * makes only for candidates that can still reach the page (see candidates.ts).
 */
interface ScoreParts {
  /** Interests, tea, activity and verification points. */
  profilePoints: SQL<number>;
  /** Completeness points earned by everything but photos (of COMPLETENESS_TOTAL). */
  completenessWithoutPhotos: SQL<number>;
}

type Criterion = (typeof COMPLETENESS_CRITERIA)[number]['key'];
const PHOTO_POINTS = COMPLETENESS_CRITERIA.find((c) => c.key === 'photos')?.points ?? 0;

/** The photo criterion of profile completeness (profiles owns photos). */
export { hasTwoPhotos };

/** Completeness points in SQL, criterion by criterion as `profileCompleteness` in the contract defines them. */
function completenessWithoutPhotos(): SQL<number> {
  const condition: Record<Exclude<Criterion, 'photos'>, SQL> = {
    bio: sql`char_length(btrim(${users.bio}, E' \t\n\r')) > 20`,
    location: sql`btrim(${users.location}) <> ''`,
    interests: sql`cardinality(${users.interests}) >= 5`,
    prompts: sql`jsonb_array_length(${users.prompts}) >= 1`,
  };
  return sql<number>`(${sql.join(
    COMPLETENESS_CRITERIA.filter((c) => c.key !== 'photos').map(
      (c) => sql`(case when ${condition[c.key as Exclude<Criterion, 'photos'>]} then ${int(c.points)} else 0 end)`,
    ),
    sql` + `,
  )})`;
}

export function scoreParts(viewer: ScoringViewer, rankedAt: Date): ScoreParts {
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
export function scoreOf(profilePoints: SQL, completenessWithoutPhotos: SQL, withPhotos: boolean | SQL): SQL<number> {
  const photoPoints =
    typeof withPhotos === 'boolean'
      ? int(withPhotos ? PHOTO_POINTS : 0)
      : sql`(case when ${withPhotos} then ${int(PHOTO_POINTS)} else 0 end)`;
  const scale = SCORE_PARTS.completeProfile;
  return sql<number>`(${profilePoints} + ((${completenessWithoutPhotos} + ${photoPoints}) * ${int(2 * scale)} + ${int(COMPLETENESS_TOTAL)}) / ${int(2 * COMPLETENESS_TOTAL)})`;
}

/** The rank multiplier of a running Profile Boost, as of `rankedAt` (the rule lives in the core). */
export function premiumBoost(rankedAt: Date): SQL<number> {
  return boostMultiplierSql(rankedAt);
}

import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DEAL_BREAKERS, DealBreaker } from '../../../contract/preferences';
import { userPreferences } from '../../db/schema/preferences';

/** What deal breakers are checked against: her own profile answers. */
export interface MatchingViewer {
  dealBreakers: readonly DealBreaker[];
  lifestyle: Record<string, string>;
  relationshipGoals: string | null;
  isVerified: boolean;
}

/** The candidate's columns the rules read (discovery passes its query's columns). */
export interface CandidateColumns {
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

const textArray = (items: readonly string[]) => sql`array[${inList(items)}]::text[]`;

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
  for (const name of me.dealBreakers) {
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

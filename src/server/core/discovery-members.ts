import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { discoveryMembers, users } from '../db/schema/users';

/**
 * The discovery projection (`discovery_members`): the member row's filter columns and score parts, narrow,
 * plus her saved age range. Discovery reads candidates from it and nothing else writes it: core copies a
 * member in the same statement as each write of her row (`users.ts`), and preferences hands over her saved
 * range in the transaction that saves it. A copy kept by events after commit could lag or be lost with a
 * crash, and would then show a member who just turned on ghost mode or was suspended
 * (docs/decisions/0026-discovery-members.md).
 */
export { discoveryMembers };

/**
 * What the projection copies from a member row: each projection column, and the expression over the member
 * row that fills it (its own name but for the two score parts).
 */
const COPIED: ReadonlyArray<readonly [column: string, from: string]> = [
  ['id', 'id'],
  ['age', 'age'],
  ['location', 'location'],
  ['interests', 'interests'],
  ['tea_interests', 'tea_interests'],
  ['job', 'job'],
  ['lifestyle', 'lifestyle'],
  ['relationship_goals', 'relationship_goals'],
  ['is_verified', 'is_verified'],
  ['ghost_mode', 'ghost_mode'],
  ['suspended_until', 'suspended_until'],
  ['premium_until', 'premium_until'],
  ['boosted_until', 'boosted_until'],
  ['last_active_at', 'last_active_at'],
  ['bio_length', "char_length(btrim(bio, E' \\t\\n\\r'))"],
  ['prompt_count', 'jsonb_array_length(prompts)'],
];
const INTO = sql.raw(COPIED.map(([column]) => column).join(', '));
const FROM_MEMBER = sql.raw(COPIED.map(([, from]) => from).join(', '));
// Her saved range is not a member column: a member write leaves it as preferences handed it over.
const ON_CONFLICT = sql.raw(
  `on conflict (id) do update set ${COPIED.filter(([column]) => column !== 'id')
    .map(([column]) => `${column} = excluded.${column}`)
    .join(', ')}`,
);

/** The member columns the projection copies: a write that changes none of them leaves it alone. */
export const PROJECTED_COLUMNS: ReadonlySet<keyof typeof users.$inferInsert> = new Set([
  'age',
  'location',
  'interests',
  'teaInterests',
  'job',
  'lifestyle',
  'relationshipGoals',
  'isVerified',
  'ghostMode',
  'suspendedUntil',
  'premiumUntil',
  'boostedUntil',
  'lastActiveAt',
  'bio',
  'prompts',
]);

/**
 * Copies the member rows `source` yields (a relation with the member table's columns: a CTE of a write's
 * RETURNING, or the table itself) into the projection. Her saved range is left as it was.
 */
export function projectMembers(source: SQL): SQL {
  return sql`insert into ${discoveryMembers} (${INTO}) select ${FROM_MEMBER} from ${source} ${ON_CONFLICT}`;
}

/**
 * Copies these members (every member without `ids`) from their rows again. For writers that load member
 * rows set-based (the demo community, benchmarks) and tests that write a member row directly.
 */
export async function reprojectMembers(db: Db, ids?: readonly string[]): Promise<void> {
  const rows = ids
    ? sql`(select * from ${users} where ${users.id} = any(${sql.param([...ids])}::uuid[])) as member`
    : sql`${users}`;
  await db.execute(projectMembers(rows));
}

/** Her saved discovery age range (null: none saved, the default applies). Preferences calls it as it saves. */
export async function projectSavedAgeRange(
  db: Db,
  userId: string,
  range: { minAge: number; maxAge: number } | null,
): Promise<void> {
  await db
    .update(discoveryMembers)
    .set({ savedMinAge: range?.minAge ?? null, savedMaxAge: range?.maxAge ?? null })
    .where(sql`${discoveryMembers.id} = ${userId}`);
}

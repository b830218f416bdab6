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

/** What the projection copies from a member row, by column, in the projection's column order. */
const COPIED = sql.raw(
  'id, age, location, interests, tea_interests, job, lifestyle, relationship_goals, is_verified, ghost_mode, ' +
    'suspended_until, premium_until, boosted_until, last_active_at, bio_length, prompt_count',
);
const FROM_MEMBER = sql.raw(
  'id, age, location, interests, tea_interests, job, lifestyle, relationship_goals, is_verified, ghost_mode, ' +
    "suspended_until, premium_until, boosted_until, last_active_at, char_length(btrim(bio, E' \\t\\n\\r')), " +
    'jsonb_array_length(prompts)',
);
const ON_CONFLICT = sql.raw(
  'on conflict (id) do update set age = excluded.age, location = excluded.location, ' +
    'interests = excluded.interests, tea_interests = excluded.tea_interests, job = excluded.job, ' +
    'lifestyle = excluded.lifestyle, relationship_goals = excluded.relationship_goals, ' +
    'is_verified = excluded.is_verified, ghost_mode = excluded.ghost_mode, ' +
    'suspended_until = excluded.suspended_until, premium_until = excluded.premium_until, ' +
    'boosted_until = excluded.boosted_until, last_active_at = excluded.last_active_at, ' +
    'bio_length = excluded.bio_length, prompt_count = excluded.prompt_count',
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
  return sql`insert into ${discoveryMembers} (${COPIED}) select ${FROM_MEMBER} from ${source} ${ON_CONFLICT}`;
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

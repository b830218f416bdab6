import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moderationActions } from '../../db/schema/moderation';

/**
 * Every statement of moderation: its audit log of moderator actions. Reports are safety's and member
 * state is core's; the services ask them. Plain functions take the handle to run on (the database, or a
 * transaction, so an action is logged with the state change it makes).
 */

export type ActionRow = typeof moderationActions.$inferSelect;
export type NewAction = typeof moderationActions.$inferInsert;

/** The audit log only grows: this is its one writer (the table's trigger refuses updates and deletes). */
export async function recordAction(db: Db, values: NewAction): Promise<ActionRow> {
  const [row] = await db.insert(moderationActions).values(values).returning();
  if (!row) throw new Error('audit insert returned nothing');
  return row;
}

const AUDIT_PAGE = 100;

/** One page of the log, newest first: about one member if named, older than `before` if given. */
export async function listAudit(
  db: Db,
  options: { subjectUserId?: string; before?: string } = {},
): Promise<ActionRow[]> {
  return db
    .select()
    .from(moderationActions)
    .where(
      and(
        options.subjectUserId ? eq(moderationActions.subjectUserId, options.subjectUserId) : undefined,
        options.before ? lt(moderationActions.createdAt, new Date(options.before)) : undefined,
      ),
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(AUDIT_PAGE);
}

/** Every action about these members, newest first (her history in her case). */
export async function actionsAbout(db: Db, subjectUserIds: string[]): Promise<ActionRow[]> {
  if (subjectUserIds.length === 0) return [];
  return db
    .select()
    .from(moderationActions)
    .where(inArray(moderationActions.subjectUserId, subjectUserIds))
    .orderBy(desc(moderationActions.createdAt));
}

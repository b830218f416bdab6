import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { ReportReason } from '../../../contract/safety';
import type { AuditEntry, ModerationAction } from '../../../contract/moderation';
import type { Db } from '../../db/client';
import { moderationActions } from '../../db/schema/moderation';
import { findUser } from '../../core';

type ActionRow = typeof moderationActions.$inferSelect;
type NewAction = typeof moderationActions.$inferInsert;

/** The audit log only grows: this is its one writer (the table's trigger refuses updates and deletes). */
export async function recordAction(db: Db, values: NewAction): Promise<ActionRow> {
  const [row] = await db.insert(moderationActions).values(values).returning();
  if (!row) throw new Error('audit insert returned nothing');
  return row;
}

const AUDIT_PAGE = 100;

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

interface PersonRef {
  id: string;
  name: string;
  username: string;
}

/** Names for ids, one lookup per distinct member (pages are small). */
export async function peopleByIds(db: Db, ids: Iterable<string>): Promise<Map<string, PersonRef>> {
  const people = new Map<string, PersonRef>();
  for (const id of new Set(ids)) {
    const user = await findUser(db, id);
    people.set(id, user ? { id, name: user.name, username: user.username } : DELETED_MEMBER);
  }
  return people;
}

export async function presentAudit(db: Db, rows: ActionRow[]): Promise<AuditEntry[]> {
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => [r.moderatorId, r.subjectUserId]).filter((id): id is string => id !== null),
  );
  return rows.map((r) => presentAuditRow(r, people));
}

/** Who stands in the log for a member who deleted her account: a label, no id, no name. */
const DELETED_MEMBER: PersonRef = { id: '', name: 'Deleted member', username: '' };

export function presentAuditRow(r: ActionRow, people: Map<string, PersonRef>): AuditEntry {
  const person = (id: string | null) => (id === null ? DELETED_MEMBER : (people.get(id) ?? DELETED_MEMBER));
  return {
    id: r.id,
    moderator: person(r.moderatorId),
    subject: person(r.subjectUserId),
    action: r.action as ModerationAction,
    reason: r.reason,
    rule: (r.rule as ReportReason | null) ?? null,
    suspendedUntil: r.suspendedUntil?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function actionsAbout(db: Db, subjectUserIds: string[]): Promise<ActionRow[]> {
  if (subjectUserIds.length === 0) return [];
  return db
    .select()
    .from(moderationActions)
    .where(inArray(moderationActions.subjectUserId, subjectUserIds))
    .orderBy(desc(moderationActions.createdAt));
}

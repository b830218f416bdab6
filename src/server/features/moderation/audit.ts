import type { ReportReason } from '../../../contract/safety';
import type { AuditEntry, ModerationAction } from '../../../contract/moderation';
import type { Db } from '../../db/client';
import { findUser } from '../../core';
import type { ActionRow } from './repository';

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

import {
  PERMANENT_SUSPENSION_UNTIL,
  SUSPENSION_DAYS,
  type AuditEntry,
  type MemberCase,
  type ModeratedMember,
  type moderationActionBody,
  type ReportGroup,
} from '../../../contract/moderation';
import type { z } from 'zod';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { deleteUserSessions, findUser, isSuspendedRow, setSuspendedUntil } from '../../core';
import { conflict, forbidden, notFound } from '../../http/errors';
import { eventTitles } from '../events';
import { isUuid, photoUrlsOf } from '../profiles';
import {
  closeReportsAgainst,
  hasOpenReportBy,
  isHeldFromDiscovery,
  markReportsUnderReview,
  openReportGroups,
  reportsAgainst,
} from '../safety';
import { peopleByIds, presentAudit, presentAuditRow } from './audit';
import { actionsAbout, recordAction } from './repository';
import { localText } from '../../i18n';

type ActionInput = z.output<typeof moderationActionBody>;

async function requireMember(db: Db, userId: string) {
  const user = isUuid(userId) ? await findUser(db, userId) : undefined;
  if (!user) throw notFound(localText('memberNotFound'));
  return user;
}

async function presentMember(db: Db, userId: string): Promise<ModeratedMember> {
  const user = await requireMember(db, userId);
  const photos = await photoUrlsOf(db, [user.id]);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    age: user.age,
    location: user.location,
    bio: user.bio,
    photo: photos.get(user.id)?.[0] ?? null,
    suspendedUntil: isSuspendedRow(user) ? (user.suspendedUntil?.toISOString() ?? null) : null,
    hiddenFromDiscovery: await isHeldFromDiscovery(db, user.id),
  };
}

/** The reports queue: one row per reported member, in review order. */
export async function reportQueue(db: Db): Promise<ReportGroup[]> {
  const groups = await openReportGroups(db);
  const result: ReportGroup[] = [];
  for (const g of groups) {
    result.push({
      member: await presentMember(db, g.reportedUserId),
      openReports: g.openReports,
      reasons: g.reasons,
      priority: g.priority,
      oldestAt: g.oldestAt.toISOString(),
    });
  }
  return result;
}

/**
 * Her case for a moderator: every report (open first) with reporters, frozen messages, and her
 * history. Opening it moves her received reports to 'under review' for their authors.
 */
export async function memberCase(db: Db, subjectId: string): Promise<MemberCase> {
  const member = await presentMember(db, subjectId);
  await markReportsUnderReview(db, subjectId);
  const reports = await reportsAgainst(db, subjectId);
  const people = await peopleByIds(db, [
    ...reports.map((r) => r.reporterId),
    ...reports.flatMap((r) => r.messages.map((m) => m.senderId)),
  ]);
  const titles = await eventTitles(
    db,
    reports.flatMap((r) => (r.eventId ? [r.eventId] : [])),
  );
  const history = await presentAudit(db, await actionsAbout(db, [subjectId]));
  return {
    member,
    reports: reports.map((r) => ({
      id: r.id,
      reason: r.reason,
      description: r.description,
      status: r.status,
      reporter: people.get(r.reporterId) ?? { id: r.reporterId, name: 'Deleted member', username: '' },
      reporterPremium: r.reporterPremium,
      createdAt: r.createdAt.toISOString(),
      event: r.eventId ? { id: r.eventId, title: titles.get(r.eventId) ?? null } : null,
      messages: r.messages.map((m) => ({
        id: m.id,
        senderId: m.senderId,
        senderName: people.get(m.senderId)?.name ?? 'Deleted member',
        content: m.content,
        sentAt: m.sentAt.toISOString(),
        messageType: m.messageType,
        media: m.media && {
          url: `/api/moderation/report-media/${m.media.frozenMediaId}`,
          contentType: m.media.contentType,
          durationMs: m.media.durationMs,
          waveform: m.media.waveform,
          viewOnce: m.media.viewOnce,
        },
      })),
    })),
    history,
  };
}

function suspensionEnd(duration: ActionInput['duration'], now: Date): Date {
  if (duration === 'permanent') return new Date(PERMANENT_SUSPENSION_UNTIL);
  return new Date(now.getTime() + SUSPENSION_DAYS * 24 * 60 * 60_000);
}

/**
 * One moderator decision, recorded in the audit log with the state change it makes. A moderator
 * never acts on herself, nor on a member whose open reports include one she filed.
 */
export async function act(
  db: Db,
  caches: DbCaches,
  events: DomainEvents,
  moderatorId: string,
  subjectId: string,
  input: ActionInput,
): Promise<{ entry: AuditEntry; member: ModeratedMember }> {
  const subject = await requireMember(db, subjectId);
  if (subject.id === moderatorId) throw forbidden(localText('youCannotModerateYour'));
  if (input.action !== 'lift' && (await hasOpenReportBy(db, subject.id, moderatorId))) {
    throw forbidden(localText('youFiledAReport'));
  }
  const suspended = isSuspendedRow(subject);
  if (input.action === 'lift' && !suspended) throw conflict(localText('thisMemberIsNot'));
  const now = new Date();
  const until = input.action === 'suspend' ? suspensionEnd(input.duration, now) : null;

  const row = await db.transaction(async (tx) => {
    switch (input.action) {
      case 'dismiss': {
        const closed = await closeReportsAgainst(tx, subject.id, 'closed');
        if (closed === 0) throw conflict(localText('thereAreNoOpen'));
        break;
      }
      case 'warn':
        await closeReportsAgainst(tx, subject.id, 'action_taken');
        break;
      case 'suspend':
        await setSuspendedUntil(tx, caches, subject.id, until);
        await closeReportsAgainst(tx, subject.id, 'action_taken');
        break;
      case 'lift':
        await setSuspendedUntil(tx, caches, subject.id, null);
        break;
    }
    return recordAction(tx, {
      moderatorId,
      subjectUserId: subject.id,
      action: input.action,
      reason: input.reason,
      rule: input.action === 'warn' || input.action === 'suspend' ? (input.rule ?? null) : null,
      suspendedUntil: until,
      createdAt: now,
    });
  });
  if (input.action === 'warn') events.emit('member.warned', { userId: subject.id, rule: input.rule ?? 'other' });
  if (input.action === 'suspend' && until) {
    // After the commit and on `db`, not the transaction: the embedded session cache is keyed by `db`.
    await deleteUserSessions(db, caches, subject.id);
    events.emit('account.suspended', { userId: subject.id, until: until.toISOString() });
  }
  const people = await peopleByIds(db, [moderatorId, subject.id]);
  return { entry: presentAuditRow(row, people), member: await presentMember(db, subject.id) };
}

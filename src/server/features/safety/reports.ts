import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { UNDERAGE_AUTO_HIDE_REPORTERS } from '../../../contract/moderation';
import {
  REPORT_ATTACHED_MESSAGES,
  type createReportBody,
  type Report,
  type ReportStatus,
} from '../../../contract/safety';
import type { Db } from '../../db/client';
import { blockersAmong, blocksMadeBy, findUser, findUserByUsername, findUsers, isPremium } from '../../core';
import { discoveryHolds, reportMessages, reports } from '../../db/schema/safety';
import { badRequest } from '../../http/errors';
import { HIDDEN_MEMBER_NAME } from './blocks';

type ReportInput = z.output<typeof createReportBody>;

/** A message as it stood when the report was filed. */
export interface MessageCopy {
  id: string;
  senderId: string;
  content: string;
  createdAt: Date;
}

/**
 * The last `limit` messages of a conversation `userId` belongs to, oldest first, or a 404 when the
 * conversation is not hers. Chat owns messages: app.ts passes chat's function in.
 */
export type RecentMessages = (
  db: Db,
  matchId: string,
  userId: string,
  limit: number,
) => Promise<{ otherUserId: string; messages: MessageCopy[] }>;

/** Reports a moderator has not closed yet. */
export const OPEN_STATUSES: ReportStatus[] = ['received', 'under_review'];

/**
 * Files a report. The answer is the same whoever is named — an unknown username or id, a repeat —
 * so the form cannot be used to find out who exists. An unknown person is simply not stored; the
 * same open report twice (same person, same reason) is stored once, so one member cannot inflate
 * another's report count.
 */
export async function createReport(
  db: Db,
  reporterId: string,
  input: ReportInput,
  recentMessages?: RecentMessages,
): Promise<void> {
  if (input.reportedUserId === reporterId) throw badRequest('You cannot report yourself');
  // The attached conversation is checked first: it must be hers and with the person she names.
  let attached: MessageCopy[] = [];
  let matchId: string | null = null;
  if (input.matchId && input.includeMessages && recentMessages) {
    const conversation = await recentMessages(db, input.matchId, reporterId, REPORT_ATTACHED_MESSAGES);
    if (input.reportedUserId && conversation.otherUserId !== input.reportedUserId) {
      throw badRequest('That conversation is not with the member you are reporting');
    }
    attached = conversation.messages;
    matchId = input.matchId;
  }
  const reported = input.reportedUserId
    ? await findUser(db, input.reportedUserId)
    : await findUserByUsername(db, input.reportedUsername ?? '');
  if (!reported || reported.id === reporterId) return;
  await storeReport(db, reporterId, reported.id, input, { matchId, eventId: null, attached });
}

/** A report about a meetup, filed from the event: it is against the host, and names the event. */
export interface EventReportInput {
  eventId: string;
  hostId: string;
  reason: ReportInput['reason'];
  description: string | null;
}

/**
 * Files a report about a meetup against its host. Events resolves the event and its host (and refuses
 * her own meetup) and calls this: safety knows events only by id. The host, like any reported member,
 * is never told who filed it.
 */
export async function reportEvent(db: Db, reporterId: string, input: EventReportInput): Promise<void> {
  if (input.hostId === reporterId) throw badRequest('You cannot report your own meetup');
  await storeReport(db, reporterId, input.hostId, input, { matchId: null, eventId: input.eventId, attached: [] });
}

/** The same open report twice (same person, reason and event) is stored once. */
async function storeReport(
  db: Db,
  reporterId: string,
  reportedUserId: string,
  input: { reason: ReportInput['reason']; description: string | null },
  about: { matchId: string | null; eventId: string | null; attached: MessageCopy[] },
): Promise<void> {
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.reportedUserId, reportedUserId),
        eq(reports.reason, input.reason),
        about.eventId ? eq(reports.eventId, about.eventId) : isNull(reports.eventId),
        inArray(reports.status, OPEN_STATUSES),
      ),
    )
    .limit(1);
  if (open) return;
  const reporterPremium = await isPremium(db, reporterId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId,
        reportedUserId,
        reason: input.reason,
        description: input.description,
        reporterPremium,
        matchId: about.matchId,
        eventId: about.eventId,
      })
      .returning({ id: reports.id });
    if (!row) throw new Error('report insert returned nothing');
    if (about.attached.length > 0) {
      await tx.insert(reportMessages).values(
        about.attached.map((m, position) => ({
          reportId: row.id,
          messageId: m.id,
          senderId: m.senderId,
          content: m.content,
          sentAt: m.createdAt,
          position,
        })),
      );
    }
    if (input.reason === 'underage_user') await holdIfReportedUnderage(tx, reportedUserId);
  });
}

/** Three different members reporting her as underage hide her from discovery until a moderator reviews. */
async function holdIfReportedUnderage(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ reporters: sql<number>`count(distinct ${reports.reporterId})`.mapWith(Number) })
    .from(reports)
    .where(
      and(
        eq(reports.reportedUserId, userId),
        eq(reports.reason, 'underage_user'),
        inArray(reports.status, OPEN_STATUSES),
      ),
    );
  if ((row?.reporters ?? 0) >= UNDERAGE_AUTO_HIDE_REPORTERS) {
    await db.insert(discoveryHolds).values({ userId, reason: 'underage_user' }).onConflictDoNothing();
  }
}

/**
 * Reports she filed, newest first, with their status but never the action taken. Reports about her
 * are never listed to her. Someone with a block between them is named HIDDEN_MEMBER_NAME.
 */
export async function listReportsFiledBy(db: Db, reporterId: string): Promise<Report[]> {
  const rows = await db
    .select({
      report: reports,
      // Qualified by hand: in a one-table select drizzle leaves column names bare, and a bare "id" here
      // would name report_messages' own.
      messagesAttached: sql<boolean>`exists (select 1 from ${reportMessages} where ${reportMessages.reportId} = "reports"."id")`,
    })
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
  const ids = rows.map((r) => r.report.reportedUserId);
  const members = await findUsers(db, ids);
  // A block between them, either way, hides the other person's name here too.
  const hidden = await blockersAmong(db, reporterId, ids);
  for (const b of await blocksMadeBy(db, reporterId)) hidden.add(b.blockedUserId);
  return rows.flatMap(({ report: row, messagesAttached }) => {
    const member = members.get(row.reportedUserId);
    if (!member) return [];
    const name = hidden.has(row.reportedUserId) ? HIDDEN_MEMBER_NAME : member.name;
    return [
      {
        id: row.id,
        reportedUserId: row.reportedUserId,
        reportedUser: { id: row.reportedUserId, name },
        reason: row.reason as Report['reason'],
        description: row.description,
        status: row.status as ReportStatus,
        messagesAttached,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

export async function countReportsFiledBy(db: Db, reporterId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.reporterId, reporterId));
  return row?.n ?? 0;
}

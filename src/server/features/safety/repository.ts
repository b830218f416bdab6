import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { REPORT_SEVERITY } from '../../../contract/moderation';
import type { ReportReason, ReportStatus } from '../../../contract/safety';
import type { Db } from '../../db/client';
import { discoveryHolds, reportMessages, reports, usernameReports } from '../../db/schema/safety';

/**
 * Every statement of safety: reports, the messages frozen with them and the discovery holds. Services
 * decide and answer (who may report whom, what she is told, what a moderator sees); what is read and
 * written, and the fragments discovery filters with, are here. Functions take the handle to run on
 * (the database, or a transaction). Blocks are core's relation: safety reaches them through core.
 */

type ReportRow = typeof reports.$inferSelect;
type ReportMessageRow = typeof reportMessages.$inferSelect;
type NewReport = typeof reports.$inferInsert;
export type UsernameReportRow = typeof usernameReports.$inferSelect;
export type NewReportMessage = Omit<typeof reportMessages.$inferInsert, 'reportId' | 'position'>;

/** Reports a moderator has not closed yet. */
const OPEN_STATUSES: ReportStatus[] = ['received', 'under_review'];

// ---------------------------------------------------------------------------------------------------
// Filing

/** Her open report against this member for this reason (and this meetup, or none), if she filed one. */
export async function findOpenReport(
  db: Db,
  report: { reporterId: string; reportedUserId: string; reason: string; eventId: string | null },
): Promise<{ id: string; byUsernameOnly: boolean } | undefined> {
  const [open] = await db
    .select({ id: reports.id, byUsernameOnly: reports.byUsernameOnly })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, report.reporterId),
        eq(reports.reportedUserId, report.reportedUserId),
        eq(reports.reason, report.reason),
        report.eventId ? eq(reports.eventId, report.eventId) : isNull(reports.eventId),
        inArray(reports.status, OPEN_STATUSES),
      ),
    )
    .limit(1);
  return open;
}

/** Her new words joined to what the text already says, as their own paragraph (a follow-up to an open report). */
/** Her words added as a new paragraph; words she already sent (a retry after a lost answer) add nothing. */
const followedUp = (column: AnyPgColumn, added: string) =>
  sql`case when ${column} is null then ${added}
    when strpos(${'\n\n'} || ${column} || ${'\n\n'}, ${'\n\n' + added + '\n\n'}) > 0 then ${column}
    else ${column} || ${'\n\n'} || ${added} end`;

/** A repeat of her open report adds what she wrote this time to it: moderators read every follow-up. */
export async function addToReport(db: Db, reportId: string, description: string): Promise<void> {
  await db
    .update(reports)
    .set({ description: followedUp(reports.description, description) })
    .where(eq(reports.id, reportId));
}

/** She filed, from a profile or a chat, the report she had filed by username: her list now shows it as hers. */
export async function claimReport(db: Db, reportId: string): Promise<void> {
  await db.update(reports).set({ byUsernameOnly: false }).where(eq(reports.id, reportId));
}

/**
 * Stores her report by username; the one she already filed for this name and reason when there is one, with
 * what she wrote this time added to it.
 */
export async function upsertUsernameReport(
  tx: Db,
  row: { reporterId: string; username: string; reason: string; description: string | null },
): Promise<UsernameReportRow> {
  const [stored] = await tx
    .insert(usernameReports)
    .values({ ...row, usernameKey: row.username.toLowerCase() })
    .onConflictDoUpdate({
      target: [usernameReports.reporterId, usernameReports.usernameKey, usernameReports.reason],
      // With nothing new to say, the row is returned as it was.
      set: {
        description: row.description
          ? followedUp(usernameReports.description, row.description)
          : sql`${usernameReports.description}`,
      },
    })
    .returning();
  if (!stored) throw new Error('username report upsert returned nothing');
  return stored;
}

export async function findUsernameReport(db: Db, id: string): Promise<UsernameReportRow | undefined> {
  const [row] = await db.select().from(usernameReports).where(eq(usernameReports.id, id));
  return row;
}

export async function linkUsernameReport(db: Db, id: string, reportId: string): Promise<void> {
  await db.update(usernameReports).set({ reportId }).where(eq(usernameReports.id, id));
}

/** Her reports by username, newest first. */
export async function usernameReportsFiledBy(db: Db, reporterId: string): Promise<UsernameReportRow[]> {
  return db
    .select()
    .from(usernameReports)
    .where(eq(usernameReports.reporterId, reporterId))
    .orderBy(desc(usernameReports.createdAt), desc(usernameReports.id));
}

/** Stores a report with its frozen messages, in their order. Run it in the transaction that may hold her. */
export async function insertReport(tx: Db, report: NewReport, messages: NewReportMessage[]): Promise<string> {
  const [row] = await tx.insert(reports).values(report).returning({ id: reports.id });
  if (!row) throw new Error('report insert returned nothing');
  if (messages.length > 0) {
    await tx.insert(reportMessages).values(messages.map((m, position) => ({ ...m, reportId: row.id, position })));
  }
  return row.id;
}

/** How many different members have an open underage report against her. */
export async function openUnderageReporters(db: Db, userId: string): Promise<number> {
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
  return row?.reporters ?? 0;
}

/** Hides her from discovery until a moderator reviews her; a hold already there stays as it was. */
export async function holdFromDiscovery(db: Db, userId: string, reason: string): Promise<void> {
  await db.insert(discoveryHolds).values({ userId, reason }).onConflictDoNothing();
}

/** The frozen copies of reports she filed, read before her account (and so those reports) is deleted. */
export async function reportMediaKeysOf(db: Db, reporterId: string): Promise<string[]> {
  const rows = await db
    .select({ key: reportMessages.mediaKey })
    .from(reportMessages)
    .innerJoin(reports, eq(reports.id, reportMessages.reportId))
    .where(and(eq(reports.reporterId, reporterId), isNotNull(reportMessages.mediaKey)));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

// ---------------------------------------------------------------------------------------------------
// Her own reports

/** Reports she filed from a profile, a chat or a meetup: her reports by username are listed by name. */
const filedByHer = (reporterId: string) => and(eq(reports.reporterId, reporterId), eq(reports.byUsernameOnly, false));

/** Reports she filed, newest first, each with whether messages were attached. */
export async function reportsFiledBy(
  db: Db,
  reporterId: string,
): Promise<{ report: ReportRow; messagesAttached: boolean }[]> {
  return db
    .select({
      report: reports,
      // Qualified by hand: in a one-table select drizzle leaves column names bare, and a bare "id" here
      // would name report_messages' own.
      messagesAttached: sql<boolean>`exists (select 1 from ${reportMessages} where ${reportMessages.reportId} = "reports"."id")`,
    })
    .from(reports)
    .where(filedByHer(reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

/** Reports she filed, oldest first (her data export). */
export async function reportsFiledOldestFirst(db: Db, reporterId: string): Promise<ReportRow[]> {
  return db.select().from(reports).where(filedByHer(reporterId)).orderBy(asc(reports.createdAt));
}

/** Every report she filed as her list shows them: by a member, and by username (whoever the name is). */
export async function countReportsFiledBy(db: Db, reporterId: string): Promise<number> {
  const [chosen] = await db.select({ n: count() }).from(reports).where(filedByHer(reporterId));
  const [byName] = await db
    .select({ n: count() })
    .from(usernameReports)
    .where(eq(usernameReports.reporterId, reporterId));
  return (chosen?.n ?? 0) + (byName?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------------
// Review (moderation calls these through review.ts)

export interface OpenReportGroup {
  reportedUserId: string;
  openReports: number;
  reasons: ReportReason[];
  severity: number;
  priority: boolean;
  oldestAt: Date;
}

const severityCase = sql.raw(
  `case reason ${Object.entries(REPORT_SEVERITY)
    .map(([reason, rank]) => `when '${reason}' then ${rank}`)
    .join(' ')} else 9 end`,
);

/** Open reports grouped by reported member: most severe first, then a premium reporter's, then oldest. */
export async function openReportGroupRows(db: Db, limit: number): Promise<OpenReportGroup[]> {
  const severity = sql<number>`min(${severityCase})`.mapWith(Number);
  const priority = sql<boolean>`bool_or(${reports.reporterPremium})`;
  const oldest = sql<Date>`min(${reports.createdAt})`.mapWith((v: string | Date) => new Date(v));
  return db
    .select({
      reportedUserId: reports.reportedUserId,
      openReports: sql<number>`count(*)`.mapWith(Number),
      reasons: sql<ReportReason[]>`array_agg(distinct ${reports.reason})`,
      severity,
      priority,
      oldestAt: oldest,
    })
    .from(reports)
    .where(inArray(reports.status, OPEN_STATUSES))
    .groupBy(reports.reportedUserId)
    .orderBy(asc(severity), sql`${priority} desc`, asc(oldest))
    .limit(limit);
}

export async function countOpenReportGroups(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${reports.reportedUserId})`.mapWith(Number) })
    .from(reports)
    .where(inArray(reports.status, OPEN_STATUSES));
  return row?.n ?? 0;
}

/** Every report against her, open ones first then newest first. */
export async function reportRowsAgainst(db: Db, userId: string): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(eq(reports.reportedUserId, userId))
    .orderBy(sql`${reports.status} in ('received', 'under_review') desc`, sql`${reports.createdAt} desc`);
}

/** The messages frozen with these reports, each report's in its order. */
export async function frozenMessagesOf(db: Db, reportIds: string[]): Promise<ReportMessageRow[]> {
  if (reportIds.length === 0) return [];
  return db
    .select()
    .from(reportMessages)
    .where(inArray(reportMessages.reportId, reportIds))
    .orderBy(asc(reportMessages.position));
}

/** A moderator opened her case: her received reports are now under review (their authors see that). */
export async function markReportsUnderReview(db: Db, userId: string): Promise<void> {
  await db
    .update(reports)
    .set({ status: 'under_review' })
    .where(and(eq(reports.reportedUserId, userId), eq(reports.status, 'received')));
}

/** Whether `reporterId` filed one of the open reports against `userId` (she may not review them). */
export async function hasOpenReportBy(db: Db, userId: string, reporterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reportedUserId, userId),
        eq(reports.reporterId, reporterId),
        inArray(reports.status, OPEN_STATUSES),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Closes her open reports with a moderator's decision ('action_taken' after a warning or suspension,
 * 'closed' when dismissed) and ends any automatic discovery hold: she has been reviewed.
 */
export async function closeReportsAgainst(db: Db, userId: string, status: 'action_taken' | 'closed'): Promise<number> {
  const closed = await db
    .update(reports)
    .set({ status, closedAt: new Date() })
    .where(and(eq(reports.reportedUserId, userId), inArray(reports.status, OPEN_STATUSES)))
    .returning({ id: reports.id });
  await db.delete(discoveryHolds).where(eq(discoveryHolds.userId, userId));
  return closed.length;
}

/** A frozen media copy's key and type, if `frozenMediaId` names one. */
export async function frozenMediaRow(
  db: Db,
  frozenMediaId: string,
): Promise<{ key: string | null; contentType: string | null } | undefined> {
  const [row] = await db
    .select({ key: reportMessages.mediaKey, contentType: reportMessages.mediaContentType })
    .from(reportMessages)
    .where(eq(reportMessages.id, frozenMediaId));
  return row;
}

// ---------------------------------------------------------------------------------------------------
// Discovery holds and the fragments discovery filters with

export async function isHeldFromDiscovery(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: discoveryHolds.userId })
    .from(discoveryHolds)
    .where(eq(discoveryHolds.userId, userId));
  return row !== undefined;
}

/** A condition for discovery's query: the member `id` names is not held back pending review. */
export function notHeldFromDiscovery(id: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${discoveryHolds} where ${discoveryHolds.userId} = ${id})`;
}

/**
 * A condition for discovery's query: `viewerId` never reported the member `id` names. Once she
 * reports someone, that person is gone from her discovery for good, whatever the review decides
 * (a report is not withdrawn, so neither is this).
 */
export function notReportedBy(viewerId: string, id: AnyPgColumn | SQL): SQL {
  return sql`${id} not in (select ${reports.reportedUserId} from ${reports} where ${reports.reporterId} = ${viewerId})`;
}

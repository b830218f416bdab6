import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { REPORT_SEVERITY } from '../../../contract/moderation';
import type { ReportReason, ReportStatus } from '../../../contract/safety';
import type { Db } from '../../db/client';
import { discoveryHolds, reportMessages, reports } from '../../db/schema/safety';
import { notFound } from '../../http/errors';
import type { MediaStorage } from '../../media';
import { OPEN_STATUSES } from './reports';
import { localText } from '../../i18n';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * What the moderation feature reads and changes of reports: safety owns the tables, moderation
 * calls these.
 */

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
export async function openReportGroups(db: Db, limit = 100): Promise<OpenReportGroup[]> {
  const severity = sql<number>`min(${severityCase})`.mapWith(Number);
  const priority = sql<boolean>`bool_or(${reports.reporterPremium})`;
  const oldest = sql<Date>`min(${reports.createdAt})`.mapWith((v: string | Date) => new Date(v));
  const rows = await db
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
  return rows.map((r) => ({
    ...r,
    reasons: [...r.reasons].sort((a, b) => REPORT_SEVERITY[a] - REPORT_SEVERITY[b]),
  }));
}

export async function countOpenReportGroups(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${reports.reportedUserId})`.mapWith(Number) })
    .from(reports)
    .where(inArray(reports.status, OPEN_STATUSES));
  return row?.n ?? 0;
}

export interface ReportForReview {
  id: string;
  reporterId: string;
  reason: ReportReason;
  description: string | null;
  status: ReportStatus;
  reporterPremium: boolean;
  createdAt: Date;
  /** The meetup it reports, when it was filed from one (events resolves the title). */
  eventId: string | null;
  messages: ReportedMessage[];
}

/** A frozen message; `frozenMediaId` names its media copy (moderators fetch it by that id). */
export interface ReportedMessage {
  id: string;
  senderId: string;
  content: string;
  sentAt: Date;
  messageType: string;
  media: {
    frozenMediaId: string;
    contentType: string;
    durationMs: number | null;
    waveform: number[] | null;
    viewOnce: boolean;
  } | null;
}

/** Every report against her, open ones first then newest first, each with its frozen messages. */
export async function reportsAgainst(db: Db, userId: string): Promise<ReportForReview[]> {
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.reportedUserId, userId))
    .orderBy(sql`${reports.status} in ('received', 'under_review') desc`, sql`${reports.createdAt} desc`);
  const ids = rows.map((r) => r.id);
  const copies =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(reportMessages)
          .where(inArray(reportMessages.reportId, ids))
          .orderBy(asc(reportMessages.position));
  return rows.map((r) => ({
    id: r.id,
    reporterId: r.reporterId,
    reason: r.reason as ReportReason,
    description: r.description,
    status: r.status as ReportStatus,
    reporterPremium: r.reporterPremium,
    createdAt: r.createdAt,
    eventId: r.eventId,
    messages: copies
      .filter((m) => m.reportId === r.id)
      .map((m) => ({
        id: m.messageId,
        senderId: m.senderId,
        content: m.content,
        sentAt: m.sentAt,
        messageType: m.messageType,
        media:
          m.mediaKey && m.mediaContentType
            ? {
                frozenMediaId: m.id,
                contentType: m.mediaContentType,
                durationMs: m.mediaDurationMs,
                waveform: m.mediaWaveform,
                viewOnce: m.mediaViewOnce,
              }
            : null,
      })),
  }));
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

/**
 * A photo or voice note frozen with a report, for a moderator (the route's access says who): any id
 * without a frozen copy is a 404.
 */
export async function frozenReportMedia(
  db: Db,
  store: MediaStorage,
  frozenMediaId: string,
): Promise<{ data: Buffer; contentType: string }> {
  const gone = () => notFound(localText('thisFileIsNot'));
  if (!isUuid(frozenMediaId)) throw gone();
  const [row] = await db
    .select({ key: reportMessages.mediaKey, contentType: reportMessages.mediaContentType })
    .from(reportMessages)
    .where(eq(reportMessages.id, frozenMediaId));
  if (!row?.key || !row.contentType) throw gone();
  const data = await store.get(row.key).catch(() => null);
  if (!data) throw gone();
  return { data, contentType: row.contentType };
}

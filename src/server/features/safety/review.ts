import { REPORT_SEVERITY } from '../../../contract/moderation';
import type { ReportReason, ReportStatus } from '../../../contract/safety';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import type { MediaStorage } from '../../media';
import { localText } from '../../i18n';
import {
  frozenMediaRow,
  frozenMessagesOf,
  openReportGroupRows,
  reportRowsAgainst,
  type OpenReportGroup,
} from './repository';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * What the moderation feature reads and changes of reports: safety owns the tables, moderation
 * calls these.
 */

/** Open reports grouped by reported member: most severe first, then a premium reporter's, then oldest. */
export async function openReportGroups(db: Db, limit = 100): Promise<OpenReportGroup[]> {
  const rows = await openReportGroupRows(db, limit);
  return rows.map((r) => ({
    ...r,
    reasons: [...r.reasons].sort((a, b) => REPORT_SEVERITY[a] - REPORT_SEVERITY[b]),
  }));
}

interface ReportForReview {
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
interface ReportedMessage {
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
  const rows = await reportRowsAgainst(db, userId);
  const copies = await frozenMessagesOf(
    db,
    rows.map((r) => r.id),
  );
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
  const row = await frozenMediaRow(db, frozenMediaId);
  if (!row?.key || !row.contentType) throw gone();
  const data = await store.get(row.key).catch(() => null);
  if (!data) throw gone();
  return { data, contentType: row.contentType };
}

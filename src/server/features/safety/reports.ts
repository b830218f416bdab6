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
import { badRequest } from '../../http/errors';
import { newMediaKey, type MediaDeletes, type MediaStorage } from '../../media';
import { HIDDEN_MEMBER_NAME } from './blocks';
import type { JobQueue } from '../../jobs';
import {
  addToReport,
  claimReport,
  findOpenReport,
  findUsernameReport,
  holdFromDiscovery,
  insertReport,
  linkUsernameReport,
  openUnderageReporters,
  reportsFiledBy,
  upsertUsernameReport,
  usernameReportsFiledBy,
  type UsernameReportRow,
} from './repository';
import { localText } from '../../i18n';

type ReportInput = z.output<typeof createReportBody>;

/** A photo or voice note of an attached message, with a reader of its file while the file exists. */
interface AttachedMedia {
  kind: 'image' | 'voice';
  contentType: string;
  /** The copy's file extension (the store serves by key). */
  extension: string;
  durationMs: number | null;
  waveform: number[] | null;
  viewOnce: boolean;
  /** Null when the file is already gone (a view-once photo that was opened). */
  read: (() => Promise<Buffer>) | null;
}

/** A message as it stood when the report was filed. */
export interface MessageCopy {
  id: string;
  senderId: string;
  content: string;
  createdAt: Date;
  /** 'text' unless it carried a photo or a voice note. */
  messageType?: string;
  media?: AttachedMedia | null;
}

/** Where frozen copies of attached media go: the private `reports` space, moderators only. */
export interface ReportMediaStore {
  store: MediaStorage;
  deletes: MediaDeletes;
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

/** The job that files a report by username against the member the name belongs to, if anyone. */
export const USERNAME_REPORT_JOB = 'safety.username-report';

/**
 * Files a report. The answer is the same whoever is named — an unknown username or id, a repeat —
 * so the form cannot be used to find out who exists. An unknown id is simply not stored. A username is
 * always stored as she typed it (her list and count grow the same for any name), and whom it names is
 * looked up afterwards, in USERNAME_REPORT_JOB, so not even the answer's timing differs. The same open
 * report twice (same person, same reason) is stored once, so one member cannot inflate another's count.
 */
export async function createReport(
  db: Db,
  jobs: JobQueue,
  reporterId: string,
  input: ReportInput,
  recentMessages?: RecentMessages,
  reportMedia?: ReportMediaStore,
): Promise<void> {
  if (input.reportedUserId === undefined) return reportByUsername(db, jobs, reporterId, input);
  if (input.reportedUserId === reporterId) throw badRequest(localText('youCannotReportYourself'));
  // The attached conversation is checked first: it must be hers and with the person she names.
  let attached: MessageCopy[] = [];
  let matchId: string | null = null;
  if (input.matchId && input.includeMessages && recentMessages) {
    const conversation = await recentMessages(db, input.matchId, reporterId, REPORT_ATTACHED_MESSAGES);
    if (conversation.otherUserId !== input.reportedUserId) throw badRequest(localText('thatConversationIsNot'));
    attached = conversation.messages;
    matchId = input.matchId;
  }
  const reported = await findUser(db, input.reportedUserId);
  if (!reported) return;
  await storeReport(db, reporterId, reported.id, input, { matchId, eventId: null, attached }, reportMedia);
}

async function reportByUsername(db: Db, jobs: JobQueue, reporterId: string, input: ReportInput): Promise<void> {
  const username = input.reportedUsername ?? '';
  // Her own name says nothing about who else is a member.
  const own = await findUser(db, reporterId);
  if (own?.username.toLowerCase() === username.toLowerCase()) throw badRequest(localText('youCannotReportYourself'));
  await db.transaction(async (tx) => {
    const row = await upsertUsernameReport(tx, {
      reporterId,
      username,
      reason: input.reason,
      description: input.description,
    });
    const filing = { reporterId, usernameReportId: row.id, description: input.description };
    await jobs.enqueue(USERNAME_REPORT_JOB, filing, { maxAttempts: 5 }, tx);
  });
}

/**
 * USERNAME_REPORT_JOB: files her report by username against the member the name belongs to, and keeps
 * which report it became (never shown to her). A name nobody has, or hers, files nothing. storeReport
 * keeps the rest: a report still open is not filed twice (what she wrote this time is added to it), one a
 * moderator closed is filed again, as a new report from a profile would be.
 */
export async function fileUsernameReport(
  db: Db,
  filing: { usernameReportId: string; description: string | null },
): Promise<void> {
  const { description } = filing;
  const row = await findUsernameReport(db, filing.usernameReportId);
  if (!row) return;
  const reported = await findUserByUsername(db, row.username);
  if (!reported || reported.id === row.reporterId) return;
  const grounds = { reason: row.reason as ReportInput['reason'], description };
  const reportId = await storeReport(db, row.reporterId, reported.id, grounds, {
    matchId: null,
    eventId: null,
    attached: [],
    byUsernameOnly: true,
  });
  await linkUsernameReport(db, row.id, reportId);
}

/** A report about a meetup, filed from the event: it is against the host, and names the event. */
interface EventReportInput {
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
  if (input.hostId === reporterId) throw badRequest(localText('youCannotReportYour'));
  await storeReport(db, reporterId, input.hostId, input, { matchId: null, eventId: input.eventId, attached: [] });
}

/**
 * The same open report twice (same person, reason and event) is stored once, with what she wrote the second
 * time added to it (a follow-up reaches the moderators; it does not count twice). Filed by name only
 * (`byUsernameOnly`), her list shows the name she typed instead; filed again from a profile or a chat, it is
 * listed as hers. Returns the report's id (the open one it was already).
 */
async function storeReport(
  db: Db,
  reporterId: string,
  reportedUserId: string,
  input: { reason: ReportInput['reason']; description: string | null },
  about: { matchId: string | null; eventId: string | null; attached: MessageCopy[]; byUsernameOnly?: boolean },
  reportMedia?: ReportMediaStore,
): Promise<string> {
  const byUsernameOnly = about.byUsernameOnly ?? false;
  const open = await findOpenReport(db, { reporterId, reportedUserId, reason: input.reason, eventId: about.eventId });
  if (open) {
    if (open.byUsernameOnly && !byUsernameOnly) await claimReport(db, open.id);
    if (input.description) await addToReport(db, open.id, input.description);
    return open.id;
  }
  const reporterPremium = await isPremium(db, reporterId);
  const frozen = reportMedia ? await freezeMedia(reportMedia.store, about.attached) : new Map<string, string>();
  // A copy whose report was not stored (an error) is deleted again.
  let stored: string | undefined;
  try {
    stored = await db.transaction(async (tx) => {
      const messages = about.attached.map((m) => ({
        messageId: m.id,
        senderId: m.senderId,
        content: m.content,
        sentAt: m.createdAt,
        messageType: m.messageType ?? 'text',
        mediaKey: frozen.get(m.id) ?? null,
        mediaContentType: m.media?.contentType ?? null,
        mediaDurationMs: m.media?.durationMs ?? null,
        mediaWaveform: m.media?.waveform ?? null,
        mediaViewOnce: m.media?.viewOnce ?? false,
      }));
      const id = await insertReport(
        tx,
        {
          reporterId,
          reportedUserId,
          reason: input.reason,
          description: input.description,
          reporterPremium,
          matchId: about.matchId,
          eventId: about.eventId,
          byUsernameOnly,
        },
        messages,
      );
      if (input.reason === 'underage_user') await holdIfReportedUnderage(tx, reportedUserId);
      return id;
    });
  } finally {
    if (!stored) await reportMedia?.deletes.now('reports', [...frozen.values()]);
  }
  return stored;
}

/**
 * Copies the attached photos and voice notes into the reports space before the report is stored, so
 * that an unmatch, a block, a deletion or a view-once open cannot destroy the evidence. A file that
 * cannot be read any more is recorded without a copy. Returns the copies' keys by message id.
 */
async function freezeMedia(store: MediaStorage, attached: MessageCopy[]): Promise<Map<string, string>> {
  const frozen = new Map<string, string>();
  for (const message of attached) {
    const read = message.media?.read;
    if (!message.media || !read) continue;
    const data = await read().catch(() => null);
    if (!data) continue;
    const key = newMediaKey(message.media.extension);
    await store.put(key, data);
    frozen.set(message.id, key);
  }
  return frozen;
}

/** Three different members reporting her as underage hide her from discovery until a moderator reviews. */
async function holdIfReportedUnderage(db: Db, userId: string): Promise<void> {
  if ((await openUnderageReporters(db, userId)) >= UNDERAGE_AUTO_HIDE_REPORTERS) {
    await holdFromDiscovery(db, userId, 'underage_user');
  }
}

/**
 * Reports she filed, newest first, with their status but never the action taken. Reports about her
 * are never listed to her. Someone with a block between them is named HIDDEN_MEMBER_NAME. A report by
 * username shows the name she typed.
 */
export async function listReportsFiledBy(db: Db, reporterId: string): Promise<Report[]> {
  const [chosen, byName] = [await listChosenReports(db, reporterId), await usernameReportsFiledBy(db, reporterId)];
  return [...chosen, ...byName.map(presentUsernameReport)].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * A report by username as her list shows it: its own id in every id field, the name she typed, and
 * 'received' for as long as it is listed. Its progress would tell her whether the name is a member's (a
 * name nobody has is never reviewed); a report from a profile or a chat shows its progress.
 */
function presentUsernameReport(row: UsernameReportRow): Report {
  return {
    id: row.id,
    reportedUserId: row.id,
    reportedUser: { id: row.id, name: `@${row.username}` },
    reason: row.reason as Report['reason'],
    description: row.description,
    status: 'received',
    messagesAttached: false,
    createdAt: row.createdAt.toISOString(),
  };
}

async function listChosenReports(db: Db, reporterId: string): Promise<Report[]> {
  const rows = await reportsFiledBy(db, reporterId);
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

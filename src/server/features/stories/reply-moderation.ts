import type { ReportReason } from '../../../contract/safety';
import type { ModeratedReply } from '../../../contract/stories';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { pseudonymsOf } from './replies';
import { localText } from '../../i18n';
import {
  deleteReply,
  openReplyReports,
  reinstateReply,
  replyById,
  replyModerationQueue,
  repliesWithStoryTitles,
  setReplyHidden,
} from './repository';

/*
 * The moderation console's queue of Tea replies, with the same actions as stories: hide, restore
 * (dismisses open reports), delete. A moderator sees the reply, its story's title, the thread's
 * pseudonym and the report reasons; not who wrote it, not who reported it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const replyNotFound = () => notFound(localText('replyNotFound'));
const QUEUE_LIMIT = 200;

async function present(db: Db, replyIds: string[]): Promise<ModeratedReply[]> {
  if (replyIds.length === 0) return [];
  const [rows, reports] = await Promise.all([repliesWithStoryTitles(db, replyIds), openReplyReports(db, replyIds)]);
  const names = await pseudonymsOf(db, [...new Set(rows.map((r) => r.reply.storyId))]);
  const byId = new Map(rows.map((r) => [r.reply.id, r]));
  return replyIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { reply } = row;
    return [
      {
        id: reply.id,
        storyId: reply.storyId,
        storyTitle: row.storyTitle,
        pseudonym: names.get(reply.storyId)?.get(reply.replierTag) ?? 'Tea',
        isAuthor: reply.byAuthor,
        content: reply.content,
        status: reply.status === 'hidden' ? ('hidden' as const) : ('visible' as const),
        postedDespiteNudge: reply.postedDespiteNudge,
        reports: reports
          .filter((r) => r.replyId === id)
          .map((r) => ({
            reason: r.reason as ReportReason,
            ...(r.description ? { description: r.description } : {}),
            createdAt: r.createdAt.toISOString(),
          })),
        createdAt: reply.createdAt.toISOString(),
      },
    ];
  });
}

/** Hidden replies first, then visible ones with open reports or posted past the nudge, most reported first. */
export async function listReportedReplies(db: Db): Promise<ModeratedReply[]> {
  return present(db, await replyModerationQueue(db, QUEUE_LIMIT));
}

async function requireReply(db: Db, replyId: string): Promise<string> {
  if (!UUID.test(replyId)) throw replyNotFound();
  const row = await replyById(db, replyId);
  if (!row) throw replyNotFound();
  return row.id;
}

export async function hideReply(db: Db, replyId: string): Promise<ModeratedReply> {
  const id = await requireReply(db, replyId);
  await setReplyHidden(db, id);
  const [reply] = await present(db, [id]);
  return reply!;
}

/** Back in the thread; its open reports are dismissed, so three new reports are needed to hide it again. */
export async function restoreReply(db: Db, replyId: string): Promise<ModeratedReply> {
  const id = await requireReply(db, replyId);
  await reinstateReply(db, id, new Date());
  const [reply] = await present(db, [id]);
  return reply!;
}

export async function deleteReplyAsModerator(db: Db, replyId: string): Promise<void> {
  const id = await requireReply(db, replyId);
  await deleteReply(db, id);
}

import type { ReplyPage, TeaReply } from '../../../contract/stories';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { isReplier, isStoryAuthor, replierTag } from './author-key';
import { checkForIdentifyingDetails } from './doxxing-check';
import { mayHurtSomeone } from './nudge';
import { pseudonymsInOrder } from './pseudonyms';
import {
  addReplyReport,
  countRepliesTagged,
  deleteRepliesTagged,
  deleteReply,
  hideReplyIfReported,
  insertReply,
  replierTagPairs,
  replierTagsInOrder,
  repliesReportedBy,
  repliesTagged,
  replyById,
  storyById,
  visibleReplies,
  visibleReplyOnVisibleStory,
  type ReplyRow,
  type StoryRow,
} from './repository';
import type { StoriesDeps } from './stories';
import { localText } from '../../i18n';

/*
 * Replies on Tea stories (product §2 "Tea"). A reply is stored with the replier's per-story
 * tag only (decisions/0021): the thread shows a pseudonym read from it, the story's author is marked
 * from a flag decided at write time, and "mine" is the caller's own tag recomputed.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const storyNotFound = () => notFound(localText('storyNotFound'));
const replyNotFound = () => notFound(localText('replyNotFound'));

async function visibleStory(db: Db, storyId: string): Promise<StoryRow> {
  if (!UUID.test(storyId)) throw storyNotFound();
  const story = await storyById(db, storyId);
  if (!story || story.status !== 'visible') throw storyNotFound();
  return story;
}

/**
 * Each story's repliers in the order they first replied (hidden replies included, so a name does
 * not shift when a moderator hides one), named.
 */
export async function pseudonymsOf(db: Db, storyIds: string[]): Promise<Map<string, Map<string, string>>> {
  const result = new Map<string, Map<string, string>>();
  for (const [storyId, tags] of await replierTagsInOrder(db, storyIds)) result.set(storyId, pseudonymsInOrder(tags));
  return result;
}

function present(
  row: ReplyRow,
  names: Map<string, string> | undefined,
  viewerTag: string,
  reportedByMe = false,
): TeaReply {
  return {
    reportedByMe,
    id: row.id,
    storyId: row.storyId,
    pseudonym: names?.get(row.replierTag) ?? 'Tea',
    isAuthor: row.byAuthor,
    isMine: row.replierTag === viewerTag,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createReply(
  deps: StoriesDeps,
  userId: string,
  storyId: string,
  reply: { content: string; confirmed: boolean },
  now = new Date(),
): Promise<TeaReply> {
  const story = await visibleStory(deps.db, storyId);
  if (!reply.content.trim()) throw badRequest(localText('missingReply'));
  await checkForIdentifyingDetails(deps.db, [reply.content], 'reply');
  const hurtful = mayHurtSomeone(reply.content);
  if (!reply.confirmed && hurtful) throw new AppError(422, 'NEEDS_CONFIRMATION', localText('replyNudge'));
  const tag = replierTag(deps.authorKey, story.id, userId);
  const row = await insertReply(deps.db, {
    storyId: story.id,
    replierTag: tag,
    byAuthor: isStoryAuthor(deps.authorKey, story, userId),
    content: reply.content,
    postedDespiteNudge: reply.confirmed && hurtful,
    createdAt: now,
  });
  const names = await pseudonymsOf(deps.db, [story.id]);
  return present(row, names.get(story.id), tag);
}

function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^[1-9]\d{0,14}$/.test(cursor)) throw badRequest(localText('invalidCursor'));
  return Number(cursor);
}

export async function listReplies(
  deps: StoriesDeps,
  viewerId: string,
  storyId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<ReplyPage> {
  const story = await visibleStory(deps.db, storyId);
  const after = decodeCursor(query.cursor);
  const [rows, names] = await Promise.all([
    visibleReplies(deps.db, story.id, { after, take: query.limit + 1 }),
    pseudonymsOf(deps.db, [story.id]),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const viewerTag = replierTag(deps.authorKey, story.id, viewerId);
  const reported = await repliesReportedBy(
    deps.db,
    viewerId,
    page.map((r) => r.id),
  );
  return {
    replies: page.map((row) => present(row, names.get(story.id), viewerTag, reported.has(row.id))),
    nextCursor: rows.length > query.limit && last ? String(last.seq) : null,
  };
}

/** Only her own; anyone else's answers 404, the same as a reply that does not exist. */
export async function deleteOwnReply(deps: StoriesDeps, userId: string, replyId: string): Promise<void> {
  if (!UUID.test(replyId)) throw replyNotFound();
  const reply = await replyById(deps.db, replyId);
  if (!reply || !isReplier(deps.authorKey, reply, userId)) throw replyNotFound();
  await deleteReply(deps.db, reply.id);
}

/**
 * As for stories: one report per member per reply (a second answers 409); 3 open reports from different
 * members hide it (the unique (reply, reporter) index makes each member count once).
 */
export async function reportReply(
  db: Db,
  userId: string,
  replyId: string,
  report: { reason: string; description?: string | undefined },
): Promise<void> {
  if (!UUID.test(replyId)) throw replyNotFound();
  const id = await visibleReplyOnVisibleStory(db, replyId);
  if (!id) throw replyNotFound();
  const added = await addReplyReport(db, {
    replyId: id,
    reporterId: userId,
    reason: report.reason,
    description: report.description ?? null,
  });
  if (!added) throw conflict(localText('alreadyReported'));
  await hideReplyIfReported(db, id);
}

/**
 * Her reply tags, found the only way the design allows: every (story, tag) pair that has replies,
 * her tag recomputed for each story. A scan by design (decisions/0021): no column or index groups
 * one member's replies, so neither can a database reader.
 */
async function herReplyTags(db: Db, key: Buffer, userId: string): Promise<string[]> {
  const pairs = await replierTagPairs(db);
  return pairs.filter((pair) => isReplier(key, pair, userId)).map((pair) => pair.replierTag);
}

/** How many replies she has written (visible or hidden): her Tea stats and badges. */
export async function repliesWrittenBy(db: Db, key: Buffer, userId: string): Promise<number> {
  return countRepliesTagged(db, await herReplyTags(db, key, userId));
}

/** Her replies for her data export: what she wrote and the title of the story, nobody else's words. */
export async function repliesForExport(
  db: Db,
  key: Buffer,
  userId: string,
): Promise<Array<{ storyTitle: string; content: string; status: string; createdAt: string }>> {
  const rows = await repliesTagged(db, await herReplyTags(db, key, userId));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Account deletion: her replies go with her (their reports cascade). `db` may be a transaction. */
export async function deleteRepliesOf(db: Db, key: Buffer, userId: string): Promise<void> {
  await deleteRepliesTagged(db, await herReplyTags(db, key, userId));
}

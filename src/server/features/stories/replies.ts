import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { REPORTS_TO_HIDE, type ReplyPage, type TeaReply } from '../../../contract/stories';
import type { Db } from '../../db/client';
import { teaReplies, teaReplyReports, teaStories } from '../../db/schema/stories';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { isReplier, isStoryAuthor, replierTag } from './author-key';
import { checkForIdentifyingDetails } from './doxxing-check';
import { mayHurtSomeone } from './nudge';
import { pseudonymsInOrder } from './pseudonyms';
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

type ReplyRow = typeof teaReplies.$inferSelect;

async function visibleStory(db: Db, storyId: string): Promise<typeof teaStories.$inferSelect> {
  if (!UUID.test(storyId)) throw storyNotFound();
  const [story] = await db
    .select()
    .from(teaStories)
    .where(and(eq(teaStories.id, storyId), eq(teaStories.status, 'visible')));
  if (!story) throw storyNotFound();
  return story;
}

/**
 * Each story's repliers in the order they first replied (hidden replies included, so a name does
 * not shift when a moderator hides one), named.
 */
export async function pseudonymsOf(db: Db, storyIds: string[]): Promise<Map<string, Map<string, string>>> {
  const result = new Map<string, Map<string, string>>();
  if (storyIds.length === 0) return result;
  const rows = await db
    .select({ storyId: teaReplies.storyId, tag: teaReplies.replierTag, first: sql<number>`min(${teaReplies.seq})` })
    .from(teaReplies)
    .where(inArray(teaReplies.storyId, storyIds))
    .groupBy(teaReplies.storyId, teaReplies.replierTag)
    .orderBy(sql`min(${teaReplies.seq})`);
  const tagsByStory = new Map<string, string[]>();
  for (const row of rows) {
    const tags = tagsByStory.get(row.storyId) ?? [];
    tags.push(row.tag);
    tagsByStory.set(row.storyId, tags);
  }
  for (const [storyId, tags] of tagsByStory) result.set(storyId, pseudonymsInOrder(tags));
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
  const [row] = await deps.db
    .insert(teaReplies)
    .values({
      storyId: story.id,
      replierTag: tag,
      byAuthor: isStoryAuthor(deps.authorKey, story, userId),
      content: reply.content,
      postedDespiteNudge: reply.confirmed && hurtful,
      createdAt: now,
    })
    .returning();
  const names = await pseudonymsOf(deps.db, [story.id]);
  return present(row!, names.get(story.id), tag);
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
    deps.db
      .select()
      .from(teaReplies)
      .where(
        and(
          eq(teaReplies.storyId, story.id),
          eq(teaReplies.status, 'visible'),
          after !== undefined ? gt(teaReplies.seq, after) : undefined,
        ),
      )
      .orderBy(asc(teaReplies.seq))
      .limit(query.limit + 1),
    pseudonymsOf(deps.db, [story.id]),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const viewerTag = replierTag(deps.authorKey, story.id, viewerId);
  const reported =
    page.length === 0
      ? new Set<string>()
      : new Set(
          (
            await deps.db
              .select({ replyId: teaReplyReports.replyId })
              .from(teaReplyReports)
              .where(
                and(
                  eq(teaReplyReports.reporterId, viewerId),
                  inArray(
                    teaReplyReports.replyId,
                    page.map((r) => r.id),
                  ),
                ),
              )
          ).map((r) => r.replyId),
        );
  return {
    replies: page.map((row) => present(row, names.get(story.id), viewerTag, reported.has(row.id))),
    nextCursor: rows.length > query.limit && last ? String(last.seq) : null,
  };
}

/** Only her own; anyone else's answers 404, the same as a reply that does not exist. */
export async function deleteOwnReply(deps: StoriesDeps, userId: string, replyId: string): Promise<void> {
  if (!UUID.test(replyId)) throw replyNotFound();
  const [reply] = await deps.db.select().from(teaReplies).where(eq(teaReplies.id, replyId));
  if (!reply || !isReplier(deps.authorKey, reply, userId)) throw replyNotFound();
  await deps.db.delete(teaReplies).where(eq(teaReplies.id, reply.id));
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
  const [reply] = await db
    .select({ id: teaReplies.id })
    .from(teaReplies)
    .innerJoin(teaStories, eq(teaStories.id, teaReplies.storyId))
    .where(and(eq(teaReplies.id, replyId), eq(teaReplies.status, 'visible'), eq(teaStories.status, 'visible')));
  if (!reply) throw replyNotFound();
  const inserted = await db
    .insert(teaReplyReports)
    .values({ replyId: reply.id, reporterId: userId, reason: report.reason, description: report.description ?? null })
    .onConflictDoNothing()
    .returning({ id: teaReplyReports.id });
  if (inserted.length === 0) throw conflict(localText('alreadyReported'));
  await db
    .update(teaReplies)
    .set({ status: 'hidden' })
    .where(
      and(
        eq(teaReplies.id, reply.id),
        eq(teaReplies.status, 'visible'),
        sql`(select count(*) from ${teaReplyReports} where ${teaReplyReports.replyId} = ${reply.id} and ${teaReplyReports.status} = 'open') >= ${REPORTS_TO_HIDE}`,
      ),
    );
}

/**
 * Her reply tags, found the only way the design allows: every (story, tag) pair that has replies,
 * her tag recomputed for each story. A scan by design (decisions/0021): no column or index groups
 * one member's replies, so neither can a database reader.
 */
async function herReplyTags(db: Db, key: Buffer, userId: string): Promise<string[]> {
  const pairs = await db
    .selectDistinct({ storyId: teaReplies.storyId, replierTag: teaReplies.replierTag })
    .from(teaReplies);
  return pairs.filter((pair) => isReplier(key, pair, userId)).map((pair) => pair.replierTag);
}

/** How many replies she has written (visible or hidden): her Tea stats and badges. */
export async function repliesWrittenBy(db: Db, key: Buffer, userId: string): Promise<number> {
  const tags = await herReplyTags(db, key, userId);
  if (tags.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teaReplies)
    .where(inArray(teaReplies.replierTag, tags));
  return row?.n ?? 0;
}

/** Her replies for her data export: what she wrote and the title of the story, nobody else's words. */
export async function repliesForExport(
  db: Db,
  key: Buffer,
  userId: string,
): Promise<Array<{ storyTitle: string; content: string; status: string; createdAt: string }>> {
  const tags = await herReplyTags(db, key, userId);
  if (tags.length === 0) return [];
  const rows = await db
    .select({
      storyTitle: teaStories.title,
      content: teaReplies.content,
      status: teaReplies.status,
      createdAt: teaReplies.createdAt,
    })
    .from(teaReplies)
    .innerJoin(teaStories, eq(teaStories.id, teaReplies.storyId))
    .where(inArray(teaReplies.replierTag, tags))
    .orderBy(asc(teaReplies.seq));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Account deletion: her replies go with her (their reports cascade). `db` may be a transaction. */
export async function deleteRepliesOf(db: Db, key: Buffer, userId: string): Promise<void> {
  const tags = await herReplyTags(db, key, userId);
  if (tags.length > 0) await db.delete(teaReplies).where(inArray(teaReplies.replierTag, tags));
}

import { and, asc, count, desc, eq, exists, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { REPORTS_TO_HIDE } from '../../../contract/stories';
import type { Db } from '../../db/client';
import {
  teaDailyQuota,
  teaReplies,
  teaReplyReports,
  teaReports,
  teaStories,
  teaSupports,
} from '../../db/schema/stories';

/**
 * Every statement of Tea's stories: stories, the daily quota, support, replies, reports and the
 * moderation queues. The services decide (who may, what is not found, what is refused) and present;
 * what is read and written is here. Plain functions take the handle to run on.
 *
 * The author key never comes here: stories and replies name their writers only by HMAC tags, which the
 * services compute (author-key.ts) and pass in already made. Finding a member's own rows is a scan of
 * every (story, tag) pair that the services filter with the key (decisions/0013, 0021).
 */

export type StoryRow = typeof teaStories.$inferSelect;
export type ReplyRow = typeof teaReplies.$inferSelect;
type StoryReportRow = typeof teaReports.$inferSelect;
type ReplyReportRow = typeof teaReplyReports.$inferSelect;

// ---------------------------------------------------------------------------------------------------
// Stories

const supportCountSql = sql<number>`(select count(*)::int from ${teaSupports} where ${teaSupports.storyId} = ${teaStories.id})`;
// Qualified by hand: in a select list Drizzle writes bare column names, and both tables have `id` and `status`.
const replyCountSql = sql<number>`(select count(*)::int from ${teaReplies} where ${teaReplies}.story_id = ${teaStories}.id and ${teaReplies}.status = 'visible')`;
const supportedBySql = (userId: string) =>
  sql<boolean>`exists(select 1 from ${teaSupports} where ${teaSupports.storyId} = ${teaStories.id} and ${teaSupports.userId} = ${userId})`;
/**
 * A story she can see: visible, and not one she reported (it leaves her feed and her counts at once; tryout: it
 * stayed, and could be reported again).
 */
const visibleToSql = (userId: string) =>
  and(
    eq(teaStories.status, 'visible'),
    sql<boolean>`not exists(select 1 from ${teaReports} where ${teaReports.storyId} = ${teaStories.id} and ${teaReports.reporterId} = ${userId})`,
  );

/**
 * Claims a slot of the day's quota under `quotaTag` and stores the story, in one transaction; undefined
 * (nothing stored) when the day's `perDay` slots are all used. Yesterday's quota rows go at the same
 * time, which keeps the table to one day.
 */
export async function postStory(
  db: Db,
  quota: { tag: string; day: string; perDay: number },
  story: typeof teaStories.$inferInsert,
): Promise<StoryRow | undefined> {
  return db.transaction(async (tx) => {
    // One statement claims a slot of today's quota, or claims nothing when all are used.
    const [slot] = await tx
      .insert(teaDailyQuota)
      .values({ tag: quota.tag, day: quota.day, count: 1 })
      .onConflictDoUpdate({
        target: teaDailyQuota.tag,
        set: { count: sql`${teaDailyQuota.count} + 1` },
        setWhere: sql`${teaDailyQuota.count} < ${quota.perDay}`,
      })
      .returning({ count: teaDailyQuota.count });
    if (!slot) return undefined;
    await tx.delete(teaDailyQuota).where(lt(teaDailyQuota.day, quota.day));
    const [inserted] = await tx.insert(teaStories).values(story).returning();
    if (!inserted) throw new Error('story insert returned nothing');
    return inserted;
  });
}

interface ListedStory {
  story: StoryRow;
  supportCount: number;
  supportedByMe: boolean;
  /** Visible replies. */
  replyCount: number;
}

/**
 * Visible stories newest first (by insertion), of one category or all, before the `before` sequence number, less
 * those the viewer reported.
 */
export async function visibleStories(
  db: Db,
  viewerId: string,
  query: { category?: string | undefined; before?: number | undefined; take: number },
): Promise<ListedStory[]> {
  return db
    .select({
      story: teaStories,
      supportCount: supportCountSql,
      supportedByMe: supportedBySql(viewerId),
      replyCount: replyCountSql,
    })
    .from(teaStories)
    .where(
      and(
        visibleToSql(viewerId),
        query.category ? eq(teaStories.category, query.category) : undefined,
        query.before !== undefined ? lt(teaStories.seq, query.before) : undefined,
      ),
    )
    .orderBy(desc(teaStories.seq))
    .limit(query.take);
}

export async function storyById(db: Db, storyId: string): Promise<StoryRow | undefined> {
  const [row] = await db.select().from(teaStories).where(eq(teaStories.id, storyId));
  return row;
}

/** Its support, reports and replies go with it (by cascade). */
export async function deleteStory(db: Db, storyId: string): Promise<void> {
  await db.delete(teaStories).where(eq(teaStories.id, storyId));
}

/** Every story's id and author tag: the scan that finds hers, with the key, in the service. */
export async function storyAuthorTags(db: Db): Promise<Array<{ id: string; authorTag: string }>> {
  return db.select({ id: teaStories.id, authorTag: teaStories.authorTag }).from(teaStories);
}

// ---------------------------------------------------------------------------------------------------
// Support

/**
 * Support on, or off again; undefined when the story is not visible. Toggles on one story take turns
 * (a row lock on the story), and the (story, member) pair is the primary key: concurrent toggles can
 * neither double-count nor lose one, and the count read back is the committed truth.
 */
export async function flipSupport(
  db: Db,
  storyId: string,
  userId: string,
): Promise<{ supported: boolean; supportCount: number } | undefined> {
  return db.transaction(async (tx) => {
    const [story] = await tx
      .select({ id: teaStories.id })
      .from(teaStories)
      .where(and(eq(teaStories.id, storyId), eq(teaStories.status, 'visible')))
      .for('update');
    if (!story) return undefined;
    const removed = await tx
      .delete(teaSupports)
      .where(and(eq(teaSupports.storyId, story.id), eq(teaSupports.userId, userId)))
      .returning({ userId: teaSupports.userId });
    if (removed.length === 0) await tx.insert(teaSupports).values({ storyId: story.id, userId });
    const [counted] = await tx.select({ n: count() }).from(teaSupports).where(eq(teaSupports.storyId, story.id));
    return { supported: removed.length === 0, supportCount: counted?.n ?? 0 };
  });
}

/** The visible stories she supports, most recently supported first. */
export async function supportedStoryIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ storyId: teaSupports.storyId })
    .from(teaSupports)
    .innerJoin(teaStories, eq(teaStories.id, teaSupports.storyId))
    .where(and(eq(teaSupports.userId, userId), eq(teaStories.status, 'visible')))
    .orderBy(desc(teaSupports.createdAt));
  return rows.map((r) => r.storyId);
}

/** Stories she supports now (visible or hidden). */
export async function supportsGivenBy(db: Db, userId: string): Promise<number> {
  const [supported] = await db.select({ n: count() }).from(teaSupports).where(eq(teaSupports.userId, userId));
  return supported?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// Reports: one per member per item (the unique index); REPORTS_TO_HIDE open ones hide it.

/** False when she had already reported it (nothing stored). */
export async function addStoryReport(
  db: Db,
  report: { storyId: string; reporterId: string; reason: string; description: string | null },
): Promise<boolean> {
  const inserted = await db.insert(teaReports).values(report).onConflictDoNothing().returning({ id: teaReports.id });
  return inserted.length > 0;
}

/** Hides the story if it is visible and has REPORTS_TO_HIDE open reports. */
export async function hideStoryIfReported(db: Db, storyId: string): Promise<void> {
  await db
    .update(teaStories)
    .set({ status: 'hidden' })
    .where(
      and(
        eq(teaStories.id, storyId),
        eq(teaStories.status, 'visible'),
        sql`(select count(*) from ${teaReports} where ${teaReports.storyId} = ${storyId} and ${teaReports.status} = 'open') >= ${REPORTS_TO_HIDE}`,
      ),
    );
}

/** False when she had already reported it (nothing stored). */
export async function addReplyReport(
  db: Db,
  report: { replyId: string; reporterId: string; reason: string; description: string | null },
): Promise<boolean> {
  const inserted = await db
    .insert(teaReplyReports)
    .values(report)
    .onConflictDoNothing()
    .returning({ id: teaReplyReports.id });
  return inserted.length > 0;
}

/** Hides the reply if it is visible and has REPORTS_TO_HIDE open reports. */
export async function hideReplyIfReported(db: Db, replyId: string): Promise<void> {
  await db
    .update(teaReplies)
    .set({ status: 'hidden' })
    .where(
      and(
        eq(teaReplies.id, replyId),
        eq(teaReplies.status, 'visible'),
        sql`(select count(*) from ${teaReplyReports} where ${teaReplyReports.replyId} = ${replyId} and ${teaReplyReports.status} = 'open') >= ${REPORTS_TO_HIDE}`,
      ),
    );
}

/** Of these replies, the ones she has reported. */
export async function repliesReportedBy(db: Db, reporterId: string, replyIds: string[]): Promise<Set<string>> {
  if (replyIds.length === 0) return new Set();
  const rows = await db
    .select({ replyId: teaReplyReports.replyId })
    .from(teaReplyReports)
    .where(and(eq(teaReplyReports.reporterId, reporterId), inArray(teaReplyReports.replyId, replyIds)));
  return new Set(rows.map((r) => r.replyId));
}

// ---------------------------------------------------------------------------------------------------
// Community numbers

interface CommunityCounts {
  visibleByCategory: Array<{ category: string; n: number }>;
  /** Support on visible stories. */
  supports: number;
  visibleSince: number;
  /** Visible replies on visible stories. */
  replies: number;
}

/** Every number counts what the viewer can see: the stories in her feed, the support and the replies on them. */
export async function communityCounts(db: Db, viewerId: string, since: Date): Promise<CommunityCounts> {
  const [visibleByCategory, supports, recent, replies] = await Promise.all([
    db
      .select({ category: teaStories.category, n: count() })
      .from(teaStories)
      .where(visibleToSql(viewerId))
      .groupBy(teaStories.category),
    db
      .select({ n: count() })
      .from(teaSupports)
      .innerJoin(teaStories, eq(teaStories.id, teaSupports.storyId))
      .where(visibleToSql(viewerId)),
    db
      .select({ n: count() })
      .from(teaStories)
      .where(and(visibleToSql(viewerId), gt(teaStories.createdAt, since))),
    db
      .select({ n: count() })
      .from(teaReplies)
      .innerJoin(teaStories, eq(teaStories.id, teaReplies.storyId))
      .where(and(visibleToSql(viewerId), eq(teaReplies.status, 'visible'))),
  ]);
  return {
    visibleByCategory,
    supports: supports[0]?.n ?? 0,
    visibleSince: recent[0]?.n ?? 0,
    replies: replies[0]?.n ?? 0,
  };
}

// ---------------------------------------------------------------------------------------------------
// Replies

export async function insertReply(db: Db, row: typeof teaReplies.$inferInsert): Promise<ReplyRow> {
  const [reply] = await db.insert(teaReplies).values(row).returning();
  if (!reply) throw new Error('reply insert returned nothing');
  return reply;
}

/** A story's visible replies oldest first (by insertion), after the `after` sequence number. */
export async function visibleReplies(
  db: Db,
  storyId: string,
  query: { after?: number | undefined; take: number },
): Promise<ReplyRow[]> {
  return db
    .select()
    .from(teaReplies)
    .where(
      and(
        eq(teaReplies.storyId, storyId),
        eq(teaReplies.status, 'visible'),
        query.after !== undefined ? gt(teaReplies.seq, query.after) : undefined,
      ),
    )
    .orderBy(asc(teaReplies.seq))
    .limit(query.take);
}

/**
 * Each story's replier tags in the order they first replied, hidden replies included (so a pseudonym
 * does not shift when a moderator hides one).
 */
export async function replierTagsInOrder(db: Db, storyIds: string[]): Promise<Map<string, string[]>> {
  const tagsByStory = new Map<string, string[]>();
  if (storyIds.length === 0) return tagsByStory;
  const rows = await db
    .select({ storyId: teaReplies.storyId, tag: teaReplies.replierTag })
    .from(teaReplies)
    .where(inArray(teaReplies.storyId, storyIds))
    .groupBy(teaReplies.storyId, teaReplies.replierTag)
    .orderBy(sql`min(${teaReplies.seq})`);
  for (const row of rows) tagsByStory.set(row.storyId, [...(tagsByStory.get(row.storyId) ?? []), row.tag]);
  return tagsByStory;
}

export async function replyById(db: Db, replyId: string): Promise<ReplyRow | undefined> {
  const [reply] = await db.select().from(teaReplies).where(eq(teaReplies.id, replyId));
  return reply;
}

/** The reply if it and its story are both visible: only then can it be reported. */
export async function visibleReplyOnVisibleStory(db: Db, replyId: string): Promise<string | undefined> {
  const [reply] = await db
    .select({ id: teaReplies.id })
    .from(teaReplies)
    .innerJoin(teaStories, eq(teaStories.id, teaReplies.storyId))
    .where(and(eq(teaReplies.id, replyId), eq(teaReplies.status, 'visible'), eq(teaStories.status, 'visible')));
  return reply?.id;
}

/** Its reports go with it (by cascade). */
export async function deleteReply(db: Db, replyId: string): Promise<void> {
  await db.delete(teaReplies).where(eq(teaReplies.id, replyId));
}

/**
 * Every (story, tag) pair that has replies: the scan in which the service finds a member's tags with
 * the key. A scan by design (decisions/0021): no column or index groups one member's replies.
 */
export async function replierTagPairs(db: Db): Promise<Array<{ storyId: string; replierTag: string }>> {
  return db.selectDistinct({ storyId: teaReplies.storyId, replierTag: teaReplies.replierTag }).from(teaReplies);
}

/** Replies under these tags, visible or hidden. */
export async function countRepliesTagged(db: Db, tags: string[]): Promise<number> {
  if (tags.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teaReplies)
    .where(inArray(teaReplies.replierTag, tags));
  return row?.n ?? 0;
}

/** Replies under these tags with their story's title, oldest first: what she wrote, nobody else's words. */
export async function repliesTagged(
  db: Db,
  tags: string[],
): Promise<Array<{ storyTitle: string; content: string; status: string; createdAt: Date }>> {
  if (tags.length === 0) return [];
  return db
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
}

/** Their reports cascade. */
export async function deleteRepliesTagged(db: Db, tags: string[]): Promise<void> {
  if (tags.length > 0) await db.delete(teaReplies).where(inArray(teaReplies.replierTag, tags));
}

// ---------------------------------------------------------------------------------------------------
// Moderation: the queues and the moderators' actions

/**
 * The stories queue: hidden stories first (they wait on a decision), then visible stories with open
 * reports or posted past the harassment nudge and not yet reviewed, most reported first.
 */
export async function storyModerationQueue(db: Db, limit: number): Promise<string[]> {
  const openReports = sql<number>`(select count(*) from ${teaReports} where ${teaReports.storyId} = ${teaStories.id} and ${teaReports.status} = 'open')`;
  const rows = await db
    .select({ id: teaStories.id })
    .from(teaStories)
    .where(
      or(
        eq(teaStories.status, 'hidden'),
        and(eq(teaStories.postedDespiteNudge, true), isNull(teaStories.reviewedAt)),
        exists(
          db
            .select({ one: sql`1` })
            .from(teaReports)
            .where(and(eq(teaReports.storyId, teaStories.id), eq(teaReports.status, 'open'))),
        ),
      ),
    )
    .orderBy(sql`${teaStories.status} = 'hidden' desc`, desc(openReports), desc(teaStories.seq))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The replies queue, ordered as the stories queue. */
export async function replyModerationQueue(db: Db, limit: number): Promise<string[]> {
  const openReports = sql<number>`(select count(*) from ${teaReplyReports} where ${teaReplyReports.replyId} = ${teaReplies.id} and ${teaReplyReports.status} = 'open')`;
  const rows = await db
    .select({ id: teaReplies.id })
    .from(teaReplies)
    .where(
      or(
        eq(teaReplies.status, 'hidden'),
        and(eq(teaReplies.postedDespiteNudge, true), isNull(teaReplies.reviewedAt)),
        exists(
          db
            .select({ one: sql`1` })
            .from(teaReplyReports)
            .where(and(eq(teaReplyReports.replyId, teaReplies.id), eq(teaReplyReports.status, 'open'))),
        ),
      ),
    )
    .orderBy(sql`${teaReplies.status} = 'hidden' desc`, desc(openReports), desc(teaReplies.seq))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function storiesByIds(db: Db, storyIds: string[]): Promise<StoryRow[]> {
  return db.select().from(teaStories).where(inArray(teaStories.id, storyIds));
}

/** Each story's support count; absent: none. */
export async function supportCounts(db: Db, storyIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ storyId: teaSupports.storyId, n: sql<number>`count(*)::int` })
    .from(teaSupports)
    .where(inArray(teaSupports.storyId, storyIds))
    .groupBy(teaSupports.storyId);
  return new Map(rows.map((row) => [row.storyId, row.n]));
}

/** The stories' open reports, oldest first. */
export async function openStoryReports(db: Db, storyIds: string[]): Promise<StoryReportRow[]> {
  return db
    .select()
    .from(teaReports)
    .where(and(inArray(teaReports.storyId, storyIds), eq(teaReports.status, 'open')))
    .orderBy(asc(teaReports.createdAt));
}

export async function repliesWithStoryTitles(
  db: Db,
  replyIds: string[],
): Promise<Array<{ reply: ReplyRow; storyTitle: string }>> {
  return db
    .select({ reply: teaReplies, storyTitle: teaStories.title })
    .from(teaReplies)
    .innerJoin(teaStories, eq(teaStories.id, teaReplies.storyId))
    .where(inArray(teaReplies.id, replyIds));
}

/** The replies' open reports, oldest first. */
export async function openReplyReports(db: Db, replyIds: string[]): Promise<ReplyReportRow[]> {
  return db
    .select()
    .from(teaReplyReports)
    .where(and(inArray(teaReplyReports.replyId, replyIds), eq(teaReplyReports.status, 'open')))
    .orderBy(asc(teaReplyReports.createdAt));
}

export async function setStoryHidden(db: Db, storyId: string): Promise<void> {
  await db.update(teaStories).set({ status: 'hidden' }).where(eq(teaStories.id, storyId));
}

/** Back in the list, marked reviewed; its open reports are dismissed, so new ones are needed to hide it again. */
export async function reinstateStory(db: Db, storyId: string, reviewedAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(teaReports)
      .set({ status: 'dismissed' })
      .where(and(eq(teaReports.storyId, storyId), eq(teaReports.status, 'open')));
    await tx.update(teaStories).set({ status: 'visible', reviewedAt }).where(eq(teaStories.id, storyId));
  });
}

export async function setReplyHidden(db: Db, replyId: string): Promise<void> {
  await db.update(teaReplies).set({ status: 'hidden' }).where(eq(teaReplies.id, replyId));
}

/** Back in the thread, marked reviewed; its open reports are dismissed. */
export async function reinstateReply(db: Db, replyId: string, reviewedAt: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(teaReplyReports)
      .set({ status: 'dismissed' })
      .where(and(eq(teaReplyReports.replyId, replyId), eq(teaReplyReports.status, 'open')));
    await tx.update(teaReplies).set({ status: 'visible', reviewedAt }).where(eq(teaReplies.id, replyId));
  });
}

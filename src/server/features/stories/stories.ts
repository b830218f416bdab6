import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  REPORTS_TO_HIDE,
  STORIES_PER_DAY,
  TEA_CATEGORIES,
  missingStoryFields,
  storyFieldErrors,
  type StoryPage,
  type SupportResult,
  type TeaCategory,
  type TeaStats,
  type TeaStory,
  type TeaType,
} from '../../../contract/stories';
import type { Db } from '../../db/client';
import { teaDailyQuota, teaReplies, teaReports, teaStories, teaSupports } from '../../db/schema/stories';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors';
import type { DomainEvents } from '../../domain-events';
import { isStoryAuthor, quotaTag, storyAuthorTag } from './author-key';
import { checkForIdentifyingDetails } from './doxxing-check';
import { mayHurtSomeone } from './nudge';
import { localText } from '../../i18n';

export interface StoriesDeps {
  db: Db;
  /** TEA_AUTHOR_KEY: ties a story to its author without the database ever holding the link. */
  authorKey: Buffer;
  /** Tea's events carry only the member's id, never a story id (decisions/0013). */
  events: DomainEvents;
}

interface NewStory {
  title: string;
  content: string;
  aboutName?: string | undefined;
  teaType?: TeaType | undefined;
  category: TeaCategory;
  confirmed: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const storyNotFound = () => notFound(localText('storyNotFound'));

function requireStoryId(id: string): string {
  if (!UUID.test(id)) throw storyNotFound();
  return id;
}

type StoryRow = typeof teaStories.$inferSelect;

const supportCountSql = sql<number>`(select count(*)::int from ${teaSupports} where ${teaSupports.storyId} = ${teaStories.id})`;
// Qualified by hand: in a select list Drizzle writes bare column names, and both tables have `id` and `status`.
const replyCountSql = sql<number>`(select count(*)::int from ${teaReplies} where ${teaReplies}.story_id = ${teaStories}.id and ${teaReplies}.status = 'visible')`;
const supportedBySql = (userId: string) =>
  sql<boolean>`exists(select 1 from ${teaSupports} where ${teaSupports.storyId} = ${teaStories.id} and ${teaSupports.userId} = ${userId})`;

function present(
  deps: StoriesDeps,
  viewerId: string,
  row: StoryRow,
  supportCount: number,
  supportedByMe: boolean,
  replyCount: number,
): TeaStory {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    ...(row.aboutName ? { aboutName: row.aboutName } : {}),
    ...(row.teaType ? { teaType: row.teaType as TeaType } : {}),
    category: row.category as TeaCategory,
    supportCount,
    supportedByMe,
    isMine: isStoryAuthor(deps.authorKey, row, viewerId),
    replyCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export async function createStory(
  deps: StoriesDeps,
  userId: string,
  story: NewStory,
  now = new Date(),
): Promise<TeaStory> {
  const fieldErrors = storyFieldErrors(story);
  if (fieldErrors.length > 0) {
    throw badRequest(
      missingStoryFields(story)
        ? localText('missingStoryFields')
        : (fieldErrors[0]?.message ?? localText('missingStoryFields')),
      fieldErrors,
    );
  }
  await checkForIdentifyingDetails(deps.db, [story.title, story.content, story.aboutName ?? ''], 'story');
  if (!story.confirmed && mayHurtSomeone(story.title, story.content, story.aboutName)) {
    throw new AppError(422, 'NEEDS_CONFIRMATION', localText('storyNudge'));
  }
  const id = randomUUID();
  const day = utcDay(now);
  const row = await deps.db.transaction(async (tx) => {
    // One statement claims a slot of today's quota, or claims nothing when all 5 are used.
    const [slot] = await tx
      .insert(teaDailyQuota)
      .values({ tag: quotaTag(deps.authorKey, day, userId), day, count: 1 })
      .onConflictDoUpdate({
        target: teaDailyQuota.tag,
        set: { count: sql`${teaDailyQuota.count} + 1` },
        setWhere: sql`${teaDailyQuota.count} < ${STORIES_PER_DAY}`,
      })
      .returning({ count: teaDailyQuota.count });
    if (!slot) {
      throw tooManyRequests(
        localText('storiesPerDay', { count: STORIES_PER_DAY }),
        secondsUntilNextUtcDay(now),
        'LIMIT_REACHED',
      );
    }
    // Yesterday's quota rows are no longer needed; dropping them keeps the table to one day.
    await tx.delete(teaDailyQuota).where(lt(teaDailyQuota.day, day));
    const [inserted] = await tx
      .insert(teaStories)
      .values({
        id,
        authorTag: storyAuthorTag(deps.authorKey, id, userId),
        title: story.title,
        content: story.content,
        aboutName: story.aboutName ?? null,
        teaType: story.teaType ?? null,
        category: story.category,
        postedDespiteNudge: story.confirmed && mayHurtSomeone(story.title, story.content, story.aboutName),
        createdAt: now,
      })
      .returning();
    return inserted!;
  });
  return present(deps, userId, row, 0, false, 0);
}

/** Keyset cursor: the last story's insertion sequence number. */
function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^[1-9]\d{0,14}$/.test(cursor)) throw badRequest(localText('invalidCursor'));
  return Number(cursor);
}

export async function listStories(
  deps: StoriesDeps,
  viewerId: string,
  query: { category?: TeaCategory | undefined; cursor?: string | undefined; limit: number },
): Promise<StoryPage> {
  const after = decodeCursor(query.cursor);
  const rows = await deps.db
    .select({
      story: teaStories,
      supportCount: supportCountSql,
      supportedByMe: supportedBySql(viewerId),
      replyCount: replyCountSql,
    })
    .from(teaStories)
    .where(
      and(
        eq(teaStories.status, 'visible'),
        query.category ? eq(teaStories.category, query.category) : undefined,
        after !== undefined ? lt(teaStories.seq, after) : undefined,
      ),
    )
    .orderBy(desc(teaStories.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    stories: page.map((r) => present(deps, viewerId, r.story, r.supportCount, r.supportedByMe, r.replyCount)),
    nextCursor: rows.length > query.limit && last ? String(last.story.seq) : null,
  };
}

async function findStory(db: Db, storyId: string): Promise<StoryRow | undefined> {
  const [row] = await db
    .select()
    .from(teaStories)
    .where(eq(teaStories.id, requireStoryId(storyId)));
  return row;
}

/** Only her own: the author tag must be hers. Anyone else is refused, and learns nothing new. */
export async function deleteOwnStory(deps: StoriesDeps, userId: string, storyId: string): Promise<void> {
  const story = await findStory(deps.db, storyId);
  if (!story) throw storyNotFound();
  if (!isStoryAuthor(deps.authorKey, story, userId)) throw forbidden(localText('youCanOnlyDelete'));
  await deps.db.delete(teaStories).where(eq(teaStories.id, story.id));
}

async function visibleStory(db: Db, storyId: string): Promise<StoryRow> {
  const story = await findStory(db, storyId);
  if (!story || story.status !== 'visible') throw storyNotFound();
  return story;
}

/**
 * Support on, or off again. Toggles on one story take turns (a row lock on the story), and the
 * (story, member) pair is the primary key: concurrent toggles can neither double-count nor lose
 * one, and the count read back is the committed truth.
 */
export async function toggleSupport(deps: StoriesDeps, userId: string, storyId: string): Promise<SupportResult> {
  requireStoryId(storyId);
  return deps.db.transaction(async (tx) => {
    const [story] = await tx
      .select({ id: teaStories.id })
      .from(teaStories)
      .where(and(eq(teaStories.id, storyId), eq(teaStories.status, 'visible')))
      .for('update');
    if (!story) throw storyNotFound();
    const removed = await tx
      .delete(teaSupports)
      .where(and(eq(teaSupports.storyId, story.id), eq(teaSupports.userId, userId)))
      .returning({ userId: teaSupports.userId });
    if (removed.length === 0) await tx.insert(teaSupports).values({ storyId: story.id, userId });
    const [counted] = await tx.select({ n: count() }).from(teaSupports).where(eq(teaSupports.storyId, story.id));
    return { supported: removed.length === 0, supportCount: counted?.n ?? 0 };
  });
}

export async function supportedStoryIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ storyId: teaSupports.storyId })
    .from(teaSupports)
    .innerJoin(teaStories, eq(teaStories.id, teaSupports.storyId))
    .where(and(eq(teaSupports.userId, userId), eq(teaStories.status, 'visible')))
    .orderBy(desc(teaSupports.createdAt));
  return rows.map((r) => r.storyId);
}

/**
 * A report from a member counts once per story. When 3 different members have open reports on
 * it, the story is hidden until a moderator restores or deletes it.
 */
export async function reportStory(
  db: Db,
  userId: string,
  storyId: string,
  report: { reason: string; description?: string | undefined },
): Promise<void> {
  const story = await visibleStory(db, storyId);
  const inserted = await db
    .insert(teaReports)
    .values({ storyId: story.id, reporterId: userId, reason: report.reason, description: report.description ?? null })
    .onConflictDoNothing()
    .returning({ id: teaReports.id });
  if (inserted.length === 0) throw conflict(localText('alreadyReported'));
  await db
    .update(teaStories)
    .set({ status: 'hidden' })
    .where(
      and(
        eq(teaStories.id, story.id),
        eq(teaStories.status, 'visible'),
        sql`(select count(*) from ${teaReports} where ${teaReports.storyId} = ${story.id} and ${teaReports.status} = 'open') >= ${REPORTS_TO_HIDE}`,
      ),
    );
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

/** Every number counts what members can see: visible stories, the support and the replies on them. */
export async function teaStats(db: Db, now = new Date()): Promise<Omit<TeaStats, 'mine'>> {
  const [byCategory, supports, thisWeek, replies] = await Promise.all([
    db
      .select({ category: teaStories.category, n: count() })
      .from(teaStories)
      .where(eq(teaStories.status, 'visible'))
      .groupBy(teaStories.category),
    db
      .select({ n: count() })
      .from(teaSupports)
      .innerJoin(teaStories, eq(teaStories.id, teaSupports.storyId))
      .where(eq(teaStories.status, 'visible')),
    db
      .select({ n: count() })
      .from(teaStories)
      .where(and(eq(teaStories.status, 'visible'), gt(teaStories.createdAt, new Date(now.getTime() - WEEK_MS)))),
    db
      .select({ n: count() })
      .from(teaReplies)
      .innerJoin(teaStories, eq(teaStories.id, teaReplies.storyId))
      .where(and(eq(teaStories.status, 'visible'), eq(teaReplies.status, 'visible'))),
  ]);
  const categories = Object.fromEntries(TEA_CATEGORIES.map((c) => [c, 0])) as Record<TeaCategory, number>;
  for (const row of byCategory) if (row.category in categories) categories[row.category as TeaCategory] = row.n;
  return {
    storiesShared: Object.values(categories).reduce((a, b) => a + b, 0),
    supportGiven: supports[0]?.n ?? 0,
    storiesThisWeek: thisWeek[0]?.n ?? 0,
    repliesGiven: replies[0]?.n ?? 0,
    categories,
  };
}

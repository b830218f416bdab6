import { and, asc, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ReportReason } from '../../../contract/safety';
import type { ModeratedStory, TeaCategory, TeaType } from '../../../contract/stories';
import type { Db } from '../../db/client';
import { teaReports, teaStories, teaSupports } from '../../db/schema/stories';
import { notFound } from '../../http/errors';
import { localText } from '../../i18n';

/*
 * The Tea moderation service, for the moderation console: the queue of reported or hidden
 * stories, and hide / restore / delete. A moderator sees the story and the reasons it was
 * reported; not who wrote it, and not who reported it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const storyNotFound = () => notFound(localText('storyNotFound'));

async function present(db: Db, storyIds: string[]): Promise<ModeratedStory[]> {
  if (storyIds.length === 0) return [];
  const [stories, reports, supports] = await Promise.all([
    db.select().from(teaStories).where(inArray(teaStories.id, storyIds)),
    db
      .select()
      .from(teaReports)
      .where(and(inArray(teaReports.storyId, storyIds), eq(teaReports.status, 'open')))
      .orderBy(asc(teaReports.createdAt)),
    db
      .select({ storyId: teaSupports.storyId, n: sql<number>`count(*)::int` })
      .from(teaSupports)
      .where(inArray(teaSupports.storyId, storyIds))
      .groupBy(teaSupports.storyId),
  ]);
  const byId = new Map(stories.map((s) => [s.id, s]));
  const supportCounts = new Map(supports.map((s) => [s.storyId, s.n]));
  return storyIds.flatMap((id) => {
    const story = byId.get(id);
    if (!story) return [];
    return [
      {
        id: story.id,
        title: story.title,
        content: story.content,
        ...(story.aboutName ? { aboutName: story.aboutName } : {}),
        ...(story.teaType ? { teaType: story.teaType as TeaType } : {}),
        category: story.category as TeaCategory,
        status: story.status === 'hidden' ? ('hidden' as const) : ('visible' as const),
        postedDespiteNudge: story.postedDespiteNudge,
        supportCount: supportCounts.get(id) ?? 0,
        reports: reports
          .filter((r) => r.storyId === id)
          .map((r) => ({
            reason: r.reason as ReportReason,
            ...(r.description ? { description: r.description } : {}),
            createdAt: r.createdAt.toISOString(),
          })),
        createdAt: story.createdAt.toISOString(),
      },
    ];
  });
}

const QUEUE_LIMIT = 200;

/**
 * The queue: hidden stories first (they wait on a decision), then visible stories with open
 * reports or posted past the harassment nudge, most reported first.
 */
export async function listReportedStories(db: Db): Promise<ModeratedStory[]> {
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
    .limit(QUEUE_LIMIT);
  return present(
    db,
    rows.map((r) => r.id),
  );
}

async function requireStory(db: Db, storyId: string): Promise<string> {
  if (!UUID.test(storyId)) throw storyNotFound();
  const [row] = await db.select({ id: teaStories.id }).from(teaStories).where(eq(teaStories.id, storyId));
  if (!row) throw storyNotFound();
  return row.id;
}

export async function hideStory(db: Db, storyId: string): Promise<ModeratedStory> {
  const id = await requireStory(db, storyId);
  await db.update(teaStories).set({ status: 'hidden' }).where(eq(teaStories.id, id));
  const [story] = await present(db, [id]);
  return story!;
}

/** Back in the list; its open reports are dismissed, so three new reports are needed to hide it again. */
export async function restoreStory(db: Db, storyId: string): Promise<ModeratedStory> {
  const id = await requireStory(db, storyId);
  await db.transaction(async (tx) => {
    await tx
      .update(teaReports)
      .set({ status: 'dismissed' })
      .where(and(eq(teaReports.storyId, id), eq(teaReports.status, 'open')));
    await tx.update(teaStories).set({ status: 'visible', reviewedAt: new Date() }).where(eq(teaStories.id, id));
  });
  const [story] = await present(db, [id]);
  return story!;
}

export async function deleteStoryAsModerator(db: Db, storyId: string): Promise<void> {
  const id = await requireStory(db, storyId);
  await db.delete(teaStories).where(eq(teaStories.id, id));
}

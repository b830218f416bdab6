import type { ReportReason } from '../../../contract/safety';
import type { ModeratedStory, TeaCategory, TeaType } from '../../../contract/stories';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { localText } from '../../i18n';
import {
  deleteStory,
  openStoryReports,
  reinstateStory,
  setStoryHidden,
  storiesByIds,
  storyById,
  storyModerationQueue,
  supportCounts,
} from './repository';

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
    storiesByIds(db, storyIds),
    openStoryReports(db, storyIds),
    supportCounts(db, storyIds),
  ]);
  const byId = new Map(stories.map((s) => [s.id, s]));
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
        supportCount: supports.get(id) ?? 0,
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
  return present(db, await storyModerationQueue(db, QUEUE_LIMIT));
}

async function requireStory(db: Db, storyId: string): Promise<string> {
  if (!UUID.test(storyId)) throw storyNotFound();
  const row = await storyById(db, storyId);
  if (!row) throw storyNotFound();
  return row.id;
}

export async function hideStory(db: Db, storyId: string): Promise<ModeratedStory> {
  const id = await requireStory(db, storyId);
  await setStoryHidden(db, id);
  const [story] = await present(db, [id]);
  return story!;
}

/** Back in the list; its open reports are dismissed, so three new reports are needed to hide it again. */
export async function restoreStory(db: Db, storyId: string): Promise<ModeratedStory> {
  const id = await requireStory(db, storyId);
  await reinstateStory(db, id, new Date());
  const [story] = await present(db, [id]);
  return story!;
}

export async function deleteStoryAsModerator(db: Db, storyId: string): Promise<void> {
  const id = await requireStory(db, storyId);
  await deleteStory(db, id);
}

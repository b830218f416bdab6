import { randomUUID } from 'node:crypto';
import {
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
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../http/errors';
import type { DomainEvents } from '../../domain-events';
import { isStoryAuthor, quotaTag, storyAuthorTag } from './author-key';
import { checkForIdentifyingDetails } from './doxxing-check';
import { mayHurtSomeone } from './nudge';
import {
  addStoryReport,
  communityCounts,
  deleteStory,
  flipSupport,
  hideStoryIfReported,
  postStory,
  storyById,
  visibleStories,
  type StoryRow,
} from './repository';
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
  const row = await postStory(
    deps.db,
    { tag: quotaTag(deps.authorKey, day, userId), day, perDay: STORIES_PER_DAY },
    {
      id,
      authorTag: storyAuthorTag(deps.authorKey, id, userId),
      title: story.title,
      content: story.content,
      aboutName: story.aboutName ?? null,
      teaType: story.teaType ?? null,
      category: story.category,
      postedDespiteNudge: story.confirmed && mayHurtSomeone(story.title, story.content, story.aboutName),
      createdAt: now,
    },
  );
  if (!row) {
    throw tooManyRequests(
      localText('storiesPerDay', { count: STORIES_PER_DAY }),
      secondsUntilNextUtcDay(now),
      'LIMIT_REACHED',
    );
  }
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
  const rows = await visibleStories(deps.db, viewerId, {
    category: query.category,
    before: after,
    take: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    stories: page.map((r) => present(deps, viewerId, r.story, r.supportCount, r.supportedByMe, r.replyCount)),
    nextCursor: rows.length > query.limit && last ? String(last.story.seq) : null,
  };
}

function findStory(db: Db, storyId: string): Promise<StoryRow | undefined> {
  return storyById(db, requireStoryId(storyId));
}

/** Only her own: the author tag must be hers. Anyone else is refused, and learns nothing new. */
export async function deleteOwnStory(deps: StoriesDeps, userId: string, storyId: string): Promise<void> {
  const story = await findStory(deps.db, storyId);
  if (!story) throw storyNotFound();
  if (!isStoryAuthor(deps.authorKey, story, userId)) throw forbidden(localText('youCanOnlyDelete'));
  await deleteStory(deps.db, story.id);
}

async function visibleStory(db: Db, storyId: string): Promise<StoryRow> {
  const story = await findStory(db, storyId);
  if (!story || story.status !== 'visible') throw storyNotFound();
  return story;
}

/** Support on, or off again, on a visible story (the toggles take turns: see the repository). */
export async function toggleSupport(deps: StoriesDeps, userId: string, storyId: string): Promise<SupportResult> {
  const result = await flipSupport(deps.db, requireStoryId(storyId), userId);
  if (!result) throw storyNotFound();
  return result;
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
  const added = await addStoryReport(db, {
    storyId: story.id,
    reporterId: userId,
    reason: report.reason,
    description: report.description ?? null,
  });
  if (!added) throw conflict(localText('alreadyReported'));
  await hideStoryIfReported(db, story.id);
}

const WEEK_MS = 7 * 24 * 60 * 60_000;

/** Every number counts what she can see: the stories in her feed, the support and the replies on them. */
export async function teaStats(db: Db, viewerId: string, now = new Date()): Promise<Omit<TeaStats, 'mine'>> {
  const counts = await communityCounts(db, viewerId, new Date(now.getTime() - WEEK_MS));
  const categories = Object.fromEntries(TEA_CATEGORIES.map((c) => [c, 0])) as Record<TeaCategory, number>;
  for (const row of counts.visibleByCategory) {
    if (row.category in categories) categories[row.category as TeaCategory] = row.n;
  }
  return {
    storiesShared: Object.values(categories).reduce((a, b) => a + b, 0),
    supportGiven: counts.supports,
    storiesThisWeek: counts.visibleSince,
    repliesGiven: counts.replies,
    categories,
  };
}

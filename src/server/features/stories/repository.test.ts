import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORTS_TO_HIDE } from '../../../contract/stories';
import { insertMember, useTestDatabase } from '../../test/direct';
import { teaDailyQuota, teaReports } from '../../test/tables';
import {
  addReplyReport,
  addStoryReport,
  communityCounts,
  countRepliesTagged,
  deleteRepliesTagged,
  deleteStory,
  flipSupport,
  hideReplyIfReported,
  hideStoryIfReported,
  insertReply,
  postStory,
  reinstateStory,
  replierTagPairs,
  replierTagsInOrder,
  repliesReportedBy,
  repliesTagged,
  replyById,
  replyModerationQueue,
  setReplyHidden,
  setStoryHidden,
  storyById,
  storyModerationQueue,
  supportCounts,
  supportedStoryIds,
  supportsGivenBy,
  visibleReplies,
  visibleReplyOnVisibleStory,
  visibleStories,
  type ReplyRow,
  type StoryRow,
} from './repository';

/**
 * Tea's stories straight on the database: no app, no HTTP, and no author key. The tags here are made-up
 * strings, as the repository only ever stores and matches what the services computed.
 */
const db = useTestDatabase();

const PER_DAY = 5;

/** A story under a fresh quota tag (today), in `category`. */
async function story(overrides: Partial<StoryRow> = {}): Promise<StoryRow> {
  const id = randomUUID();
  const row = await postStory(
    db(),
    { tag: `quota-${id}`, day: '2026-01-01', perDay: PER_DAY },
    { id, authorTag: `author-${id}`, title: 'A title', content: 'What happened.', category: 'advice', ...overrides },
  );
  if (!row) throw new Error('story not posted');
  return row;
}

function reply(storyId: string, replierTag: string, overrides: Partial<ReplyRow> = {}): Promise<ReplyRow> {
  return insertReply(db(), { storyId, replierTag, content: 'Same here.', ...overrides });
}

async function report(storyId: string): Promise<boolean> {
  const reporter = await insertMember(db());
  return addStoryReport(db(), { storyId, reporterId: reporter.id, reason: 'harassment', description: null });
}

async function reportReply(replyId: string): Promise<boolean> {
  const reporter = await insertMember(db());
  return addReplyReport(db(), { replyId, reporterId: reporter.id, reason: 'harassment', description: null });
}

describe('postStory: the daily quota', () => {
  it('stores up to the day’s slots under one tag, then nothing; a new day starts afresh and drops the old rows', async () => {
    const tag = `quota-${randomUUID()}`;
    const post = (day: string) =>
      postStory(db(), { tag, day, perDay: PER_DAY }, { authorTag: 'a', title: 't', content: 'c', category: 'advice' });
    for (let i = 0; i < PER_DAY; i++) expect(await post('2026-01-02')).toBeDefined();
    expect(await post('2026-01-02')).toBeUndefined();
    const [quota] = await db().select().from(teaDailyQuota).where(eq(teaDailyQuota.tag, tag));
    expect(quota).toMatchObject({ day: '2026-01-02', count: PER_DAY });

    // The next day's first story (under that day's tag) drops the earlier days' rows, this one's included.
    const nextDayTag = `quota-${randomUUID()}`;
    const next = await postStory(
      db(),
      { tag: nextDayTag, day: '2026-01-03', perDay: PER_DAY },
      { authorTag: 'a', title: 't', content: 'c', category: 'advice' },
    );
    expect(next).toBeDefined();
    expect(await db().select().from(teaDailyQuota).where(eq(teaDailyQuota.tag, tag))).toEqual([]);
  });
});

describe('visibleStories', () => {
  it('pages visible stories newest first, by category, with support and visible replies counted', async () => {
    const category = `cat-${randomUUID()}`;
    const [first, second, third] = [await story({ category }), await story({ category }), await story({ category })];
    await story({ category: 'other' });
    const hidden = await story({ category });
    await setStoryHidden(db(), hidden.id);
    const [viewer, fan] = [await insertMember(db()), await insertMember(db())];
    await flipSupport(db(), second.id, viewer.id);
    await flipSupport(db(), second.id, fan.id);
    await reply(second.id, 'r1');
    const hiddenReply = await reply(second.id, 'r2');
    await setReplyHidden(db(), hiddenReply.id);

    const page = await visibleStories(db(), viewer.id, { category, take: 2 });
    expect(page.map((r) => r.story.id)).toEqual([third.id, second.id]);
    expect(page[1]).toMatchObject({ supportCount: 2, supportedByMe: true, replyCount: 1 });
    expect(page[0]).toMatchObject({ supportCount: 0, supportedByMe: false, replyCount: 0 });
    const rest = await visibleStories(db(), viewer.id, { category, before: page[1]!.story.seq, take: 2 });
    expect(rest.map((r) => r.story.id)).toEqual([first.id]);
  });
});

describe('flipSupport', () => {
  it('supports, then takes it back; concurrent toggles by two members both count', async () => {
    const s = await story();
    const [a, b] = [await insertMember(db()), await insertMember(db())];
    expect(await flipSupport(db(), s.id, a.id)).toEqual({ supported: true, supportCount: 1 });
    const both = await Promise.all([flipSupport(db(), s.id, b.id), flipSupport(db(), s.id, a.id)]);
    expect(both.map((r) => r?.supported)).toEqual([true, false]);
    expect((await supportCounts(db(), [s.id])).get(s.id)).toBe(1);
    expect(await supportedStoryIds(db(), b.id)).toEqual([s.id]);
    expect(await supportsGivenBy(db(), a.id)).toBe(0);
  });

  it('answers undefined for a hidden story and leaves it out of her supported list (but not her count)', async () => {
    const s = await story();
    const fan = await insertMember(db());
    await flipSupport(db(), s.id, fan.id);
    await setStoryHidden(db(), s.id);
    expect(await flipSupport(db(), s.id, fan.id)).toBeUndefined();
    expect(await supportedStoryIds(db(), fan.id)).toEqual([]);
    expect(await supportsGivenBy(db(), fan.id)).toBe(1);
  });
});

describe('reports hide at REPORTS_TO_HIDE open ones', () => {
  it('counts a reporter once, hides at the threshold, and a restore dismisses them and marks it reviewed', async () => {
    const s = await story();
    const first = await insertMember(db());
    const once = { storyId: s.id, reporterId: first.id, reason: 'spam', description: 'x' };
    expect(await addStoryReport(db(), once)).toBe(true);
    expect(await addStoryReport(db(), once)).toBe(false);
    for (let i = 1; i < REPORTS_TO_HIDE - 1; i++) await report(s.id);
    await hideStoryIfReported(db(), s.id);
    expect((await storyById(db(), s.id))?.status).toBe('visible');
    await report(s.id);
    await hideStoryIfReported(db(), s.id);
    expect((await storyById(db(), s.id))?.status).toBe('hidden');

    const reviewedAt = new Date('2026-01-05T10:00:00Z');
    await reinstateStory(db(), s.id, reviewedAt);
    expect(await storyById(db(), s.id)).toMatchObject({ status: 'visible', reviewedAt });
    const statuses = await db().select().from(teaReports).where(eq(teaReports.storyId, s.id));
    expect(statuses.map((r) => r.status)).toEqual(Array(REPORTS_TO_HIDE).fill('dismissed'));
    // Dismissed reports no longer count: the next one alone does not hide it.
    await report(s.id);
    await hideStoryIfReported(db(), s.id);
    expect((await storyById(db(), s.id))?.status).toBe('visible');
  });

  it('hides a reply at the threshold; only a visible reply on a visible story can be reported', async () => {
    const s = await story();
    const r = await reply(s.id, 'tag');
    for (let i = 0; i < REPORTS_TO_HIDE; i++) await reportReply(r.id);
    await hideReplyIfReported(db(), r.id);
    expect((await replyById(db(), r.id))?.status).toBe('hidden');
    expect(await visibleReplyOnVisibleStory(db(), r.id)).toBeUndefined();

    const other = await reply(s.id, 'tag');
    expect(await visibleReplyOnVisibleStory(db(), other.id)).toBe(other.id);
    await setStoryHidden(db(), s.id);
    expect(await visibleReplyOnVisibleStory(db(), other.id)).toBeUndefined();
  });

  it('tells which replies she reported', async () => {
    const s = await story();
    const [a, b] = [await reply(s.id, 'x'), await reply(s.id, 'y')];
    const reporter = await insertMember(db());
    await addReplyReport(db(), { replyId: b.id, reporterId: reporter.id, reason: 'spam', description: null });
    expect(await repliesReportedBy(db(), reporter.id, [a.id, b.id])).toEqual(new Set([b.id]));
    expect(await repliesReportedBy(db(), reporter.id, [])).toEqual(new Set());
  });
});

describe('the moderation queues', () => {
  it('put hidden first, then most reported, then nudged and unreviewed; a clean or reviewed item stays out', async () => {
    const [clean, nudged, reportedOnce, reportedTwice, hidden, reviewed] = [
      await story(),
      await story({ postedDespiteNudge: true }),
      await story(),
      await story(),
      await story(),
      await story({ postedDespiteNudge: true }),
    ];
    await report(reportedOnce.id);
    await report(reportedTwice.id);
    await report(reportedTwice.id);
    await setStoryHidden(db(), hidden.id);
    await reinstateStory(db(), reviewed.id, new Date());
    const ours = new Set([clean, nudged, reportedOnce, reportedTwice, hidden, reviewed].map((s) => s.id));
    const queue = (await storyModerationQueue(db(), 200)).filter((id) => ours.has(id));
    expect(queue).toEqual([hidden.id, reportedTwice.id, reportedOnce.id, nudged.id]);
  });

  it('orders replies the same way', async () => {
    const s = await story();
    const [clean, nudged, reported, hidden] = [
      await reply(s.id, 'a'),
      await reply(s.id, 'b', { postedDespiteNudge: true }),
      await reply(s.id, 'c'),
      await reply(s.id, 'd'),
    ];
    await reportReply(reported.id);
    await setReplyHidden(db(), hidden.id);
    const ours = new Set([clean, nudged, reported, hidden].map((r) => r.id));
    const queue = (await replyModerationQueue(db(), 200)).filter((id) => ours.has(id));
    expect(queue).toEqual([hidden.id, reported.id, nudged.id]);
  });
});

describe('replies', () => {
  it('pages a thread’s visible replies oldest first and names its repliers in first-reply order, hidden ones included', async () => {
    const s = await story();
    const first = await reply(s.id, 'zoe');
    const hidden = await reply(s.id, 'amy');
    const again = await reply(s.id, 'zoe');
    const last = await reply(s.id, 'bea');
    await setReplyHidden(db(), hidden.id);

    const page = await visibleReplies(db(), s.id, { take: 2 });
    expect(page.map((r) => r.id)).toEqual([first.id, again.id]);
    expect((await visibleReplies(db(), s.id, { after: again.seq, take: 2 })).map((r) => r.id)).toEqual([last.id]);
    expect((await replierTagsInOrder(db(), [s.id])).get(s.id)).toEqual(['zoe', 'amy', 'bea']);
    expect(await replierTagsInOrder(db(), [])).toEqual(new Map());
  });

  it('finds, exports and deletes a member’s replies only by the tags it is given', async () => {
    const [s1, s2] = [await story({ title: 'First' }), await story({ title: 'Second' })];
    const her1 = `her-${randomUUID()}`;
    const her2 = `her-${randomUUID()}`;
    await reply(s1.id, her1, { content: 'one' });
    await reply(s2.id, her2, { content: 'two' });
    const someoneElse = await reply(s2.id, `other-${randomUUID()}`);
    expect(await replierTagPairs(db())).toEqual(
      expect.arrayContaining([
        { storyId: s1.id, replierTag: her1 },
        { storyId: s2.id, replierTag: her2 },
      ]),
    );
    expect(await countRepliesTagged(db(), [her1, her2])).toBe(2);
    expect(await countRepliesTagged(db(), [])).toBe(0);
    expect(
      (await repliesTagged(db(), [her1, her2])).map(({ storyTitle, content, status }) => [storyTitle, content, status]),
    ).toEqual([
      ['First', 'one', 'visible'],
      ['Second', 'two', 'visible'],
    ]);
    await deleteRepliesTagged(db(), [her1, her2]);
    expect(await countRepliesTagged(db(), [her1, her2])).toBe(0);
    expect(await replyById(db(), someoneElse.id)).toBeDefined();
  });

  it('go with their story', async () => {
    const s = await story();
    const r = await reply(s.id, 'tag');
    await deleteStory(db(), s.id);
    expect(await storyById(db(), s.id)).toBeUndefined();
    expect(await replyById(db(), r.id)).toBeUndefined();
  });
});

describe('communityCounts', () => {
  it('counts only what members can see', async () => {
    const since = new Date(Date.now() - 60_000);
    const viewer = await insertMember(db());
    const before = await communityCounts(db(), viewer.id, since);
    const category = `cat-${randomUUID()}`;
    const [shown, hidden] = [await story({ category }), await story({ category })];
    const fan = await insertMember(db());
    await flipSupport(db(), shown.id, fan.id);
    await flipSupport(db(), hidden.id, fan.id);
    await reply(shown.id, 'a');
    await setReplyHidden(db(), (await reply(shown.id, 'b')).id);
    await reply(hidden.id, 'c');
    await setStoryHidden(db(), hidden.id);
    await story({ category, createdAt: new Date(since.getTime() - 60_000) });

    const after = await communityCounts(db(), viewer.id, since);
    expect(after.visibleByCategory.find((c) => c.category === category)?.n).toBe(2);
    expect(after.supports - before.supports).toBe(1);
    expect(after.replies - before.replies).toBe(1);
    expect(after.visibleSince - before.visibleSince).toBe(1);
  });

  it('leaves out, for her only, a story she reported', async () => {
    const since = new Date(Date.now() - 60_000);
    const [reporter, other] = [await insertMember(db()), await insertMember(db())];
    const category = `cat-${randomUUID()}`;
    const reported = await story({ category });
    await story({ category });
    await addStoryReport(db(), { storyId: reported.id, reporterId: reporter.id, reason: 'spam', description: null });
    const shown = async (viewerId: string) =>
      (await communityCounts(db(), viewerId, since)).visibleByCategory.find((c) => c.category === category)?.n;
    expect(await shown(reporter.id)).toBe(1);
    expect(await shown(other.id)).toBe(2);
  });
});

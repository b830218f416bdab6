import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../contract/http';
import type { UserBadge, UserBadgeList } from '../../../contract/badges';
import type { ModeratedStory, StoryPage, TeaStats, TeaStory } from '../../../contract/stories';
import { premiumMember, member, setProfile } from '../../test/members';
import { openSocket, settled } from '../../realtime/test-socket';
import { createTestApp, type Client, type TestApp } from '../../test/harness';

let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  // Info level, captured: proves what Tea never writes to the log.
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => {
  await t?.close();
});

let titleCounter = 0;
function storyBody(overrides: Record<string, unknown> = {}) {
  titleCounter += 1;
  return { title: `A story ${titleCounter}`, content: 'We met for matcha and she was lovely.', ...overrides };
}

async function share(client: Client, overrides: Record<string, unknown> = {}): Promise<TeaStory> {
  const response = await client.request('POST', '/api/tea/stories', storyBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TeaStory>();
}

async function page(client: Client, query = ''): Promise<StoryPage> {
  const response = await client.request('GET', `/api/tea/stories${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoryPage>();
}

async function allStories(client: Client, category?: string): Promise<TeaStory[]> {
  const stories: TeaStory[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: '50' });
    if (category) params.set('category', category);
    if (cursor) params.set('cursor', cursor);
    const result = await page(client, `?${params.toString()}`);
    stories.push(...result.stories);
    cursor = result.nextCursor;
  } while (cursor);
  return stories;
}

function expectError(response: { statusCode: number; json<T>(): T }, status: number, message?: string | RegExp) {
  expect(response.statusCode).toBe(status);
  const body = response.json<ErrorBody>();
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message) expect(body.message).toBe(message);
  return body;
}

describe('Tea is for Premium members', () => {
  it('answers 403 to a free member on every story route', async () => {
    const free = await member(t);
    const author = await premiumMember(t);
    const story = await share(author);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/tea/stories'],
      ['POST', '/api/tea/stories', storyBody()],
      ['DELETE', `/api/tea/stories/${story.id}`],
      ['PUT', `/api/tea/stories/${story.id}/support`],
      ['POST', `/api/tea/stories/${story.id}/report`, { reason: 'other', description: 'Something else' }],
      ['GET', `/api/tea/story-likes/${free.user.id}`],
      ['GET', '/api/tea/stats'],
    ];
    for (const [method, url, body] of calls) {
      const response = await free.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json<ErrorBody>().code).toBe('PREMIUM_REQUIRED');
    }
    // Nothing changed: her story is still there, unsupported and unreported.
    const [still] = (await page(author)).stories.filter((s) => s.id === story.id);
    expect(still).toMatchObject({ supportCount: 0 });
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tea/stories' });
    expect(response.statusCode).toBe(401);
  });

  it('opens once the member has Premium', async () => {
    const she = await member(t);
    expect((await she.request('GET', '/api/tea/stats')).statusCode).toBe(403);
    await she.request('POST', `/api/grant-test-subscription/${she.user.id}`);
    expect((await she.request('GET', '/api/tea/stats')).statusCode).toBe(200);
  });
});

describe('sharing a story', () => {
  it('stores a story and lists it first, with the fields the spec names', async () => {
    const author = await premiumMember(t);
    const story = await share(author, {
      title: '  Ghosted after brunch  ',
      content: '  She said she would call.  ',
      aboutName: 'Jo',
      teaType: 'First date',
      category: 'Dating',
    });
    expect(story).toMatchObject({
      title: 'Ghosted after brunch',
      content: 'She said she would call.',
      aboutName: 'Jo',
      teaType: 'First date',
      category: 'Dating',
      supportCount: 0,
      supportedByMe: false,
      isMine: true,
    });
    expect(Object.keys(story).sort()).toEqual(
      [
        'aboutName',
        'category',
        'content',
        'createdAt',
        'id',
        'isMine',
        'replyCount',
        'supportCount',
        'supportedByMe',
        'teaType',
        'title',
      ].sort(),
    );
    expect((await page(author)).stories[0]?.id).toBe(story.id);
  });

  it('omits aboutName and teaType when empty and defaults the category to Dating', async () => {
    const author = await premiumMember(t);
    const story = await share(author, { aboutName: '   ', teaType: '' });
    expect(story).not.toHaveProperty('aboutName');
    expect(story).not.toHaveProperty('teaType');
    expect(story.category).toBe('Dating');
  });

  it('answers every field at once below the minimum lengths, each beside its field', async () => {
    const author = await premiumMember(t);
    const short = await author.request('POST', '/api/tea/stories', storyBody({ title: 'ok', content: 'short' }));
    expect(expectError(short, 400).errors).toEqual([
      { path: 'title', message: 'Use at least 3 characters for the title' },
      { path: 'content', message: 'Tell your story in at least 20 characters' },
    ]);
    const empty = await author.request('POST', '/api/tea/stories', storyBody({ title: '', content: '' }));
    expect(expectError(empty, 400, 'Please fill in all fields').errors?.map((e) => e.path)).toEqual([
      'title',
      'content',
    ]);
    await share(author, { title: 'Fun', content: 'x'.repeat(20) });
  });

  it.each([
    ['a missing title', { title: undefined }],
    ['a blank title', { title: '   ' }],
    ['missing content', { content: undefined }],
    ['blank content', { content: ' \n ' }],
  ])('answers "Please fill in all fields" for %s', async (_, overrides) => {
    const author = await premiumMember(t);
    const response = await author.request('POST', '/api/tea/stories', storyBody(overrides));
    expectError(response, 400, 'Please fill in all fields');
  });

  it.each([
    ['a 121-character title', { title: 'x'.repeat(121) }, 'Title must be at most 120 characters'],
    ['5001 characters of content', { content: 'y'.repeat(5001) }, 'Your story must be at most 5000 characters'],
    ['an unknown category', { category: 'Gossip' }, 'Choose Dating, Friendship, Family or Workplace'],
    ['an unknown relationship type', { teaType: 'Boss' }, 'Choose a relationship type from the list'],
    ['an aboutName with digits', { aboutName: 'Jo 2' }, '"About" takes a first name or an initial only'],
    ['an aboutName with a surname', { aboutName: 'Jennifer Smith' }, '"About" takes a first name or an initial only'],
    ['an aboutName of three words', { aboutName: 'Ana M. Ruiz' }, '"About" takes a first name or an initial only'],
    ['an aboutName of 31 letters', { aboutName: 'J'.repeat(31) }, '"About" must be at most 30 characters'],
  ])('refuses %s with a clear message', async (_, overrides, message) => {
    const author = await premiumMember(t);
    const response = await author.request('POST', '/api/tea/stories', storyBody(overrides));
    const body = expectError(response, 400);
    expect(body.errors?.map((e) => e.message)).toContain(message);
  });

  it('takes exactly 120 and 5000 characters, and first names with hyphens, apostrophes and initials', async () => {
    const author = await premiumMember(t);
    await share(author, { title: 'x'.repeat(120), content: 'y'.repeat(5000), aboutName: 'Mary-Kate O.' });
    await share(author, { aboutName: 'J.' });
    await share(author, { aboutName: "D'Arcy" });
    await share(author, { aboutName: 'Zoë' });
  });

  it('allows 5 stories a day, then answers 429 and stores nothing', async () => {
    const author = await premiumMember(t);
    for (let i = 0; i < 5; i++) await share(author);
    const before = (await allStories(author)).length;
    const response = await author.request('POST', '/api/tea/stories', storyBody());
    expectError(response, 429, /up to 5 stories a day/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect((await allStories(author)).length).toBe(before);
    // The limit is hers alone.
    await share(await premiumMember(t));
  });

  it('holds the daily limit under 8 concurrent posts', async () => {
    const author = await premiumMember(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => author.request('POST', '/api/tea/stories', storyBody())),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });
});

describe('the doxxing guard', () => {
  it.each([
    ['a phone number', { content: 'Text her on (503) 555-0199 and ask.' }, 'phone number'],
    ['an international phone number', { content: 'Her number is +44 20 7946 0958' }, 'phone number'],
    ['an email address', { content: 'Write to jo.smith@example.com' }, 'email address'],
    ['a URL', { content: 'Her blog: https://example.org/jo' }, 'link'],
    ['a bare domain', { title: 'Look up jojo.com' }, 'link'],
    ['an @handle', { content: 'She is @jojo_writes on insta' }, '@handle'],
    ['a street address', { content: 'She lives at 1420 Maple Street' }, 'street address'],
    ['an abbreviated street address', { content: 'Meet me at 12 NW Glisan St tonight' }, 'street address'],
    [
      'a detail in aboutName',
      { aboutName: 'Jo', content: 'We met for matcha and she was lovely.', title: 'call 5035550199' },
      'phone number',
    ],
  ])('refuses %s with a message naming what to remove', async (_, overrides, what) => {
    const author = await premiumMember(t);
    const response = await author.request('POST', '/api/tea/stories', storyBody(overrides));
    expectError(response, 400, new RegExp(`^Please remove the ${what}`));
  });

  it('names every kind of detail at once', async () => {
    const author = await premiumMember(t);
    const response = await author.request(
      'POST',
      '/api/tea/stories',
      storyBody({ content: 'Call 503 555 0199 or mail jo@example.com' }),
    );
    expectError(response, 400, /^Please remove the email address and phone number/);
  });

  it("refuses a member's username, in any case", async () => {
    const author = await premiumMember(t);
    const named = await member(t, { username: `sam_${Date.now().toString(36)}` });
    const response = await author.request(
      'POST',
      '/api/tea/stories',
      storyBody({ content: `It was ${named.user.username.toUpperCase()} all along.` }),
    );
    expectError(response, 400, /username/);
  });

  it('lets ordinary stories through: years, times, counts and first names', async () => {
    const author = await premiumMember(t);
    await share(author, {
      content: 'From 2019 to 2021 we met at 10:30 every Sunday, 2 blocks down the road. Sarah was 25.',
      aboutName: 'Sarah',
    });
  });
});

describe('the harassment nudge', () => {
  it('answers 422 NEEDS_CONFIRMATION, and posting anyway works and is recorded for moderators', async () => {
    const author = await premiumMember(t);
    const body = storyBody({ content: 'Honestly she is a lying bitch.' });
    const first = await author.request('POST', '/api/tea/stories', body);
    const error = expectError(first, 422, 'Are you sure? This story may hurt someone');
    expect(error.code).toBe('NEEDS_CONFIRMATION');
    expect((await allStories(author)).some((s) => s.title === body.title)).toBe(false);

    const confirmed = await author.request('POST', '/api/tea/stories', { ...body, confirmed: true });
    expect(confirmed.statusCode).toBe(201);
    const story = confirmed.json<TeaStory>();

    const moderator = await member(t);
    await setProfile(t, moderator, { role: 'moderator' });
    const queue = (await moderator.request('GET', '/api/moderation/tea/stories')).json<ModeratedStory[]>();
    expect(queue.find((s) => s.id === story.id)).toMatchObject({ postedDespiteNudge: true, status: 'visible' });
  });

  it('does not nudge a story about sex or assault told by the person it happened to', async () => {
    const author = await premiumMember(t);
    await share(author, { content: 'After the date she pressured me about sex and I left. It felt like assault.' });
  });
});

describe('anonymity', () => {
  it('never names the author: not in any response, socket frame, error or info log line', async () => {
    const author = await premiumMember(t, { name: 'Persephone Quill', username: `pquill_${Date.now().toString(36)}` });
    const reader = await premiumMember(t);
    const secrets = [author.user.id, author.user.username, 'Persephone', 'Quill'];
    const address = await listen();
    const readerSocket = await openSocket(address, reader.cookie);
    try {
      const bodies: string[] = [];
      const record = async (response: Promise<{ body: string }>) => {
        const r = await response;
        bodies.push(r.body);
        return r;
      };
      logLines.length = 0;
      const created = await record(author.request('POST', '/api/tea/stories', storyBody({ aboutName: 'Ana' })));
      const story = JSON.parse(created.body) as TeaStory;
      await record(author.request('POST', '/api/tea/stories', storyBody({ content: 'you bitch, you absolute bitch' })));
      await record(
        author.request('POST', '/api/tea/stories', storyBody({ content: 'call her on 5035550199 tonight' })),
      );
      await record(reader.request('GET', '/api/tea/stories'));
      await record(reader.request('GET', `/api/tea/stories?category=Dating`));
      await record(reader.request('PUT', `/api/tea/stories/${story.id}/support`));
      await record(reader.request('GET', `/api/tea/story-likes/${reader.user.id}`));
      await record(reader.request('GET', '/api/tea/stats'));
      await record(reader.request('DELETE', `/api/tea/stories/${story.id}`));
      await record(
        reader.request('POST', `/api/tea/stories/${story.id}/report`, { reason: 'other', description: 'Not kind' }),
      );
      await record(author.request('GET', '/api/tea/stories'));
      await record(author.request('DELETE', `/api/tea/stories/${story.id}`));
      await settled(t.app, [readerSocket]);
      const seen = [...bodies, ...readerSocket.frames.map((f) => JSON.stringify(f))].join('\n');
      for (const secret of secrets) expect(seen).not.toContain(secret);
      // Tea requests leave no info-level line at all: no address, time and story id to correlate.
      const teaLines = logLines.filter((line) => line.includes('/api/tea/'));
      expect(teaLines).toEqual([]);
      for (const secret of secrets.slice(0, 2)) expect(logLines.join('\n')).not.toContain(secret);
    } finally {
      await readerSocket.close();
    }
  });

  it('stores no author id in the clear: a database row of a story does not contain it', async () => {
    const author = await premiumMember(t);
    const story = await share(author, { title: 'Row check' });
    const rows = await rawRows<{ json: string }>(
      sql`select row_to_json(s)::text as json from tea_stories s where s.id = ${story.id}`,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!.json;
    expect(row).not.toContain(author.user.id);
    expect(row).not.toContain(author.user.id.replaceAll('-', ''));
    expect(row).not.toContain(author.user.username);
    // Nor can her stories be grouped: two of hers carry unrelated tags.
    const second = await share(author);
    const tags = await rawRows<{ author_tag: string }>(
      sql`select author_tag from tea_stories where id in (${story.id}, ${second.id})`,
    );
    expect(new Set(tags.map((r) => r.author_tag)).size).toBe(2);
  });

  it('marks isMine for the author only', async () => {
    const author = await premiumMember(t);
    const other = await premiumMember(t);
    const story = await share(author);
    expect((await page(author)).stories.find((s) => s.id === story.id)?.isMine).toBe(true);
    expect((await page(other)).stories.find((s) => s.id === story.id)?.isMine).toBe(false);
  });
});

describe('deleting', () => {
  it('lets the author delete her own story, and no one else', async () => {
    const author = await premiumMember(t);
    const other = await premiumMember(t);
    const story = await share(author);
    expectError(
      await other.request('DELETE', `/api/tea/stories/${story.id}`),
      403,
      'You can only delete your own story',
    );
    expect((await page(other)).stories.some((s) => s.id === story.id)).toBe(true);
    const deleted = await author.request('DELETE', `/api/tea/stories/${story.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await page(other)).stories.some((s) => s.id === story.id)).toBe(false);
    expectError(await author.request('DELETE', `/api/tea/stories/${story.id}`), 404, 'Story not found');
    expectError(await author.request('DELETE', '/api/tea/stories/not-a-uuid'), 404, 'Story not found');
  });
});

describe('support', () => {
  it('toggles, counts for real and lists her supported story ids (self only)', async () => {
    const author = await premiumMember(t);
    const a = await premiumMember(t);
    const b = await premiumMember(t);
    const story = await share(author);
    expect((await a.request('PUT', `/api/tea/stories/${story.id}/support`)).json()).toEqual({
      supported: true,
      supportCount: 1,
    });
    expect((await b.request('PUT', `/api/tea/stories/${story.id}/support`)).json()).toEqual({
      supported: true,
      supportCount: 2,
    });
    expect((await a.request('PUT', `/api/tea/stories/${story.id}/support`)).json()).toEqual({
      supported: false,
      supportCount: 1,
    });
    const seenByB = (await page(b)).stories.find((s) => s.id === story.id);
    expect(seenByB).toMatchObject({ supportCount: 1, supportedByMe: true });
    expect((await b.request('GET', `/api/tea/story-likes/${b.user.id}`)).json()).toEqual({ storyIds: [story.id] });
    expect((await a.request('GET', `/api/tea/story-likes/${a.user.id}`)).json()).toEqual({ storyIds: [] });
    expect((await a.request('GET', `/api/tea/story-likes/${b.user.id}`)).statusCode).toBe(403);
    expectError(await a.request('PUT', '/api/tea/stories/00000000-0000-4000-8000-000000000000/support'), 404);
  });

  it('stays consistent under 20 concurrent toggles', async () => {
    const author = await premiumMember(t);
    const story = await share(author);
    const members = await Promise.all(Array.from({ length: 20 }, () => premiumMember(t)));
    const results = await Promise.all(members.map((m) => m.request('PUT', `/api/tea/stories/${story.id}/support`)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await page(author)).stories.find((s) => s.id === story.id)?.supportCount).toBe(20);

    // One member toggling 20 times at once ends where she started (an even number of toggles).
    const one = members[0]!;
    const toggles = await Promise.all(
      Array.from({ length: 20 }, () => one.request('PUT', `/api/tea/stories/${story.id}/support`)),
    );
    expect(toggles.every((r) => r.statusCode === 200)).toBe(true);
    const after = (await page(one)).stories.find((s) => s.id === story.id);
    expect(after).toMatchObject({ supportCount: 20, supportedByMe: true });
  });
});

describe('stats and categories', () => {
  it('counts real stories, supports and this week, and filters by category', async () => {
    const fresh = await createTestApp();
    try {
      const author = await premiumMember(fresh);
      const reader = await premiumMember(fresh);
      const post = async (category: string) => {
        const r = await author.request('POST', '/api/tea/stories', storyBody({ category }));
        expect(r.statusCode).toBe(201);
        return r.json<TeaStory>();
      };
      const dating = await post('Dating');
      await post('Friendship');
      await post('Friendship');
      const work = await post('Workplace');
      await reader.request('PUT', `/api/tea/stories/${dating.id}/support`);
      await reader.request('PUT', `/api/tea/stories/${work.id}/support`);
      await author.request('PUT', `/api/tea/stories/${work.id}/support`);
      // An old story counts as shared but not as this week's.
      await fresh.database.db.execute(
        sql`update tea_stories set created_at = now() - interval '8 days' where id = ${work.id}`,
      );
      const stats = (await reader.request('GET', '/api/tea/stats')).json<TeaStats>();
      expect(stats).toEqual({
        storiesShared: 4,
        supportGiven: 3,
        storiesThisWeek: 3,
        repliesGiven: 0,
        mine: { storiesShared: 0, repliesWritten: 0 },
        categories: { Dating: 1, Friendship: 2, Family: 0, Workplace: 1 },
      });
      const friendship = (await reader.request('GET', '/api/tea/stories?category=Friendship')).json<StoryPage>();
      expect(friendship.stories.map((s) => s.category)).toEqual(['Friendship', 'Friendship']);
      expectError(await reader.request('GET', '/api/tea/stories?category=Gossip'), 400);
    } finally {
      await fresh.close();
    }
  });
});

describe('pagination', () => {
  it('pages newest first with a keyset cursor, without repeats or gaps, even as new stories arrive', async () => {
    const fresh = await createTestApp();
    try {
      const authors = await Promise.all([premiumMember(fresh), premiumMember(fresh), premiumMember(fresh)]);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await authors[i % 3]!.request('POST', '/api/tea/stories', storyBody({ category: 'Family' }));
        ids.push(r.json<TeaStory>().id);
      }
      const reader = authors[0];
      const first = (await reader.request('GET', '/api/tea/stories?limit=5')).json<StoryPage>();
      expect(first.stories.map((s) => s.id)).toEqual(ids.slice(-5).reverse());
      await authors[1].request('POST', '/api/tea/stories', storyBody());
      const second = (
        await reader.request('GET', `/api/tea/stories?limit=5&cursor=${first.nextCursor}`)
      ).json<StoryPage>();
      expect(second.stories.map((s) => s.id)).toEqual(ids.slice(2, 7).reverse());
      const third = (
        await reader.request('GET', `/api/tea/stories?limit=5&cursor=${second.nextCursor}`)
      ).json<StoryPage>();
      expect(third.stories.map((s) => s.id)).toEqual(ids.slice(0, 2).reverse());
      expect(third.nextCursor).toBeNull();
      expectError(await reader.request('GET', '/api/tea/stories?cursor=abc'), 400, 'Invalid cursor');
    } finally {
      await fresh.close();
    }
  });
});

describe('reports and moderation', () => {
  it('hides a story reported by 3 different members, pending review; a moderator restores or deletes it', async () => {
    const author = await premiumMember(t);
    const story = await share(author, { title: 'Reported one' });
    const [r1, r2, r3] = await Promise.all([premiumMember(t), premiumMember(t), premiumMember(t)]);
    const report = (c: Client, reason = 'harassment_or_bullying') =>
      c.request('POST', `/api/tea/stories/${story.id}/report`, { reason, description: 'Names someone' });
    expect((await report(r1)).statusCode).toBe(200);
    // The same member twice counts once, and is told she already reported it.
    expectError(await report(r1), 409, 'You already reported this. Our moderators will review it.');
    // Her own report takes it out of her feed at once; the others still see it until enough report it.
    expect((await page(r1)).stories.some((s) => s.id === story.id)).toBe(false);
    expect((await page(r2)).stories.some((s) => s.id === story.id)).toBe(true);
    expect((await report(r2)).statusCode).toBe(200);
    expect((await page(author)).stories.some((s) => s.id === story.id)).toBe(true);
    expect((await report(r3)).statusCode).toBe(200);
    expect((await page(author)).stories.some((s) => s.id === story.id)).toBe(false);
    expect((await page(r1)).stories.some((s) => s.id === story.id)).toBe(false);

    const moderator = await member(t);
    expect((await moderator.request('GET', '/api/moderation/tea/stories')).statusCode).toBe(403);
    await setProfile(t, moderator, { role: 'moderator' });
    const queue = (await moderator.request('GET', '/api/moderation/tea/stories')).json<ModeratedStory[]>();
    const queued = queue.find((s) => s.id === story.id);
    expect(queued).toMatchObject({ status: 'hidden', title: 'Reported one' });
    expect(queued?.reports).toHaveLength(3);
    // Reasons only: neither the author nor the reporters are named.
    const queueText = JSON.stringify(queue);
    for (const c of [author, r1, r2, r3]) expect(queueText).not.toContain(c.user.id);

    const restored = await moderator.request('POST', `/api/moderation/tea/stories/${story.id}/restore`);
    expect(restored.json<ModeratedStory>()).toMatchObject({ status: 'visible', reports: [] });
    expect((await page(author)).stories.some((s) => s.id === story.id)).toBe(true);

    const hidden = await moderator.request('POST', `/api/moderation/tea/stories/${story.id}/hide`);
    expect(hidden.json<ModeratedStory>().status).toBe('hidden');
    expect((await page(author)).stories.some((s) => s.id === story.id)).toBe(false);

    expect((await moderator.request('DELETE', `/api/moderation/tea/stories/${story.id}`)).statusCode).toBe(200);
    expectError(await moderator.request('POST', `/api/moderation/tea/stories/${story.id}/restore`), 404);
  });

  it('refuses an unknown reason and an unknown story', async () => {
    const author = await premiumMember(t);
    const reporter = await premiumMember(t);
    const story = await share(author);
    const bad = await reporter.request('POST', `/api/tea/stories/${story.id}/report`, { reason: 'boring' });
    expect(expectError(bad, 400).errors?.[0]?.message).toBe('Choose a reason from the list');
    expectError(
      await reporter.request('POST', '/api/tea/stories/00000000-0000-4000-8000-000000000000/report', {
        reason: 'other',
        description: 'Something else',
      }),
      404,
    );
  });

  it('keeps moderation routes to moderators, premium or not', async () => {
    const premium = await premiumMember(t);
    for (const [method, url] of [
      ['GET', '/api/moderation/tea/stories'],
      ['POST', '/api/moderation/tea/stories/00000000-0000-4000-8000-000000000000/hide'],
      ['DELETE', '/api/moderation/tea/stories/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expect((await premium.request(method, url)).statusCode).toBe(403);
    }
  });
});

describe('story badges', () => {
  async function badgesSeenBy(viewer: Client, userId: string): Promise<UserBadge[]> {
    const response = await viewer.request('GET', `/api/users/${userId}/badges`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UserBadgeList>().badges;
  }

  /** Awarding runs after the request, off its path, from its domain event: drain the events, then read. */
  async function earned(client: Client, id: string): Promise<UserBadge> {
    await t.app.events.drain();
    const badge = (await badgesSeenBy(client, client.user.id)).find((b) => b.id === id);
    if (!badge?.earnedAt) throw new Error(`${id} was not earned`);
    return badge;
  }

  it('earns Storyteller for her first story, seen only by her: no other member can see it appear', async () => {
    const author = await premiumMember(t);
    const reader = await premiumMember(t);
    const before = (await badgesSeenBy(author, author.user.id)).find((b) => b.id === 'storyteller');
    expect(before).toMatchObject({ earnedAt: null, progress: 0, maxProgress: 1 });

    const story = await share(author);
    const badge = await earned(author, 'storyteller');
    expect(badge.progress).toBe(1);

    // The review's probe: polling members' earned badges (40 a request) named the author. Not any more.
    const cards = await reader.request('GET', `/api/badges/earned?userIds=${author.user.id},${reader.user.id}`);
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cards.json().earned[author.user.id]).not.toContain('storyteller');
    expect((await badgesSeenBy(reader, author.user.id)).map((b) => b.id)).not.toContain('storyteller');
    const profile = await reader.request('GET', `/api/users/${author.user.id}`);
    expect(profile.body).not.toContain('storyteller');
    // She still sees it on her own cards and list.
    const own = await author.request('GET', `/api/badges/earned?userIds=${author.user.id}`);
    expect(own.json().earned[author.user.id]).toContain('storyteller');
    expect(JSON.stringify(await badgesSeenBy(reader, author.user.id))).not.toContain(story.id);
    // Nor does the story say who earned a badge with it.
    expect(JSON.stringify(await page(reader))).not.toContain(author.user.id);
  });
});

async function listen(): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Rows exactly as the database holds them (what a database reader sees). */
async function rawRows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

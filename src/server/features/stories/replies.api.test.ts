import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../contract/account';
import type { ErrorBody } from '../../../contract/http';
import type { ModeratedReply, ReplyPage, TeaReply, TeaStats, TeaStory } from '../../../contract/stories';
import { USER_LIMITS } from '../../http/rate-limit';
import { member, premiumMember, setProfile } from '../../test/members';
import { createTestApp, type Client, type TestApp } from '../../test/harness';

/* Replies on Tea stories (product §2 "Tea"; decisions/0021): anonymous per story. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
async function share(client: Client): Promise<TeaStory> {
  counter += 1;
  const response = await client.request('POST', '/api/tea/stories', {
    title: `Story ${counter}`,
    content: 'We met for matcha and she was lovely.',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TeaStory>();
}

async function reply(client: Client, storyId: string, content = 'Same thing happened to me.'): Promise<TeaReply> {
  const response = await client.request('POST', `/api/tea/stories/${storyId}/replies`, { content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TeaReply>();
}

async function thread(client: Client, storyId: string, query = ''): Promise<ReplyPage> {
  const response = await client.request('GET', `/api/tea/stories/${storyId}/replies${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReplyPage>();
}

function expectError(response: { statusCode: number; json<T>(): T }, status: number, message?: RegExp) {
  expect(response.statusCode).toBe(status);
  const body = response.json<ErrorBody>();
  if (message) expect(body.message).toMatch(message);
  return body;
}

/** Rows exactly as the database holds them (what a database reader sees). */
async function rawRows<T>(query: SQL): Promise<T[]> {
  const result: unknown = await t.database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function moderator(): Promise<Client> {
  const client = await member(t);
  await setProfile(t, client, { role: 'moderator' });
  return client;
}

describe('replies on Tea stories', () => {
  it('answers a free member 403 with a clear message', async () => {
    const author = await premiumMember(t);
    const story = await share(author);
    const free = await member(t);
    for (const [method, path, body] of [
      ['GET', `/api/tea/stories/${story.id}/replies`],
      ['POST', `/api/tea/stories/${story.id}/replies`, { content: 'Hi' }],
    ] as const) {
      const response = await free.request(method, path, body);
      const error = expectError(response, 403, /Tea is for Premium members/);
      expect(error.code).toBe('PREMIUM_REQUIRED');
    }
  });

  it('gives each replier one pseudonym per story and an unrelated one on another story', async () => {
    const author = await premiumMember(t);
    const ana = await premiumMember(t);
    const bea = await premiumMember(t);
    const stories = [await share(author), await share(author), await share(author)];
    const first = await reply(ana, stories[0]!.id, 'First');
    const second = await reply(ana, stories[0]!.id, 'Second');
    const beas = await reply(bea, stories[0]!.id, 'Mine');
    expect(first.pseudonym).toMatch(/^[A-Z][A-Za-z -]+ \d{1,2}$/);
    expect(second.pseudonym).toBe(first.pseudonym);
    expect(beas.pseudonym).not.toBe(first.pseudonym);
    // Everyone reads the same names in the thread.
    const seenByBea = await thread(bea, stories[0]!.id);
    expect(seenByBea.replies.map((r) => [r.content, r.pseudonym, r.isMine])).toEqual([
      ['First', first.pseudonym, false],
      ['Second', first.pseudonym, false],
      ['Mine', beas.pseudonym, true],
    ]);
    // Across stories her names are unrelated (three names from 2376: all equal only by a 1-in-5-million chance).
    const elsewhere = [first, await reply(ana, stories[1]!.id), await reply(ana, stories[2]!.id)];
    expect(new Set(elsewhere.map((r) => r.pseudonym)).size).toBeGreaterThan(1);
    expect(elsewhere.every((r) => !r.isAuthor)).toBe(true);
  });

  it('marks the author "Author" on her own replies only, and counts replies on the story', async () => {
    const author = await premiumMember(t);
    const reader = await premiumMember(t);
    const story = await share(author);
    await reply(reader, story.id, 'So sorry.');
    const hers = await reply(author, story.id, 'Thank you.');
    expect(hers.isAuthor).toBe(true);
    const seen = await thread(reader, story.id);
    expect(seen.replies.map((r) => r.isAuthor)).toEqual([false, true]);
    const listed = (await reader.request('GET', '/api/tea/stories?limit=50')).json<{ stories: TeaStory[] }>();
    expect(listed.stories.find((s) => s.id === story.id)?.replyCount).toBe(2);
  });

  it('pages the thread oldest first', async () => {
    const author = await premiumMember(t);
    const story = await share(author);
    for (let i = 1; i <= 3; i++) await reply(author, story.id, `Reply ${i}`);
    const one = await thread(author, story.id, '?limit=2');
    expect(one.replies.map((r) => r.content)).toEqual(['Reply 1', 'Reply 2']);
    const two = await thread(author, story.id, `?limit=2&cursor=${one.nextCursor}`);
    expect(two.replies.map((r) => r.content)).toEqual(['Reply 3']);
    expect(two.nextCursor).toBeNull();
    expectError(await author.request('GET', `/api/tea/stories/${story.id}/replies?cursor=abc`), 400);
    expectError(await author.request('GET', '/api/tea/stories/not-a-story/replies'), 404, /Story not found/);
  });

  it('refuses an empty reply, identifying details and a member username; nudges an insult', async () => {
    const author = await premiumMember(t);
    const story = await share(author);
    expectError(
      await author.request('POST', `/api/tea/stories/${story.id}/replies`, { content: '  ' }),
      400,
      /write a reply/,
    );
    expectError(
      await author.request('POST', `/api/tea/stories/${story.id}/replies`, { content: 'call her at 5035550199' }),
      400,
      /replies can't include details/,
    );
    expectError(
      await author.request('POST', `/api/tea/stories/${story.id}/replies`, { content: `ask ${author.user.username}` }),
      400,
      /username/,
    );
    const nudged = expectError(
      await author.request('POST', `/api/tea/stories/${story.id}/replies`, { content: 'what a bitch' }),
      422,
      /may hurt someone/,
    );
    expect(nudged.code).toBe('NEEDS_CONFIRMATION');
    expect((await thread(author, story.id)).replies).toEqual([]);
    const anyway = await author.request('POST', `/api/tea/stories/${story.id}/replies`, {
      content: 'what a bitch',
      confirmed: true,
    });
    expect(anyway.statusCode).toBe(201);
    const queue = (await (await moderator()).request('GET', '/api/moderation/tea/replies')).json<ModeratedReply[]>();
    expect(queue.find((r) => r.id === anyway.json<TeaReply>().id)?.postedDespiteNudge).toBe(true);
  });

  it('hides a reply reported by 3 members; the moderator console restores, hides and deletes it', async () => {
    const author = await premiumMember(t);
    const story = await share(author);
    const target = await reply(author, story.id, 'Reported reply');
    const reporters = [await premiumMember(t), await premiumMember(t), await premiumMember(t)];
    for (const [i, reporter] of reporters.entries()) {
      const reported = await reporter.request('POST', `/api/tea/replies/${target.id}/report`, {
        reason: 'harassment_or_bullying',
        description: `report ${i}`,
      });
      expect(reported.statusCode).toBe(200);
      expect((await thread(author, story.id)).replies.length).toBe(i < 2 ? 1 : 0);
      if (i === 0) {
        // She sees it as reported; a second report by her answers 409 in words and does not count.
        expect((await thread(reporter, story.id)).replies.find((r) => r.id === target.id)?.reportedByMe).toBe(true);
        expect((await thread(author, story.id)).replies.find((r) => r.id === target.id)?.reportedByMe).toBe(false);
        for (let again = 0; again < 2; again++) {
          const twice = await reporter.request('POST', `/api/tea/replies/${target.id}/report`, {
            reason: 'spam_or_scam',
          });
          expectError(twice, 409, /^You already reported this\. Our moderators will review it\.$/);
        }
        expect((await thread(author, story.id)).replies.length).toBe(1);
      }
    }
    const mod = await moderator();
    const queue = (await mod.request('GET', '/api/moderation/tea/replies')).json<ModeratedReply[]>();
    const item = queue.find((r) => r.id === target.id)!;
    expect(item).toMatchObject({ status: 'hidden', storyTitle: story.title, isAuthor: true });
    expect(item.reports).toHaveLength(3);
    const restored = await mod.request('POST', `/api/moderation/tea/replies/${target.id}/restore`);
    expect(restored.json<ModeratedReply>()).toMatchObject({ status: 'visible', reports: [] });
    expect((await thread(author, story.id)).replies.map((r) => r.id)).toEqual([target.id]);
    expect(
      (await mod.request('POST', `/api/moderation/tea/replies/${target.id}/hide`)).json<ModeratedReply>().status,
    ).toBe('hidden');
    expect((await mod.request('DELETE', `/api/moderation/tea/replies/${target.id}`)).statusCode).toBe(200);
    expectError(await mod.request('POST', `/api/moderation/tea/replies/${target.id}/restore`), 404);
    expect((await reporters[0]!.request('GET', '/api/moderation/tea/replies')).statusCode).toBe(403);
  });

  it('refuses a reply over 1000 characters, and a report reason that fits a profile, not a text', async () => {
    const author = await premiumMember(t);
    const story = await share(author);
    const long = await author.request('POST', `/api/tea/stories/${story.id}/replies`, { content: 'y'.repeat(1001) });
    expect(expectError(long, 400).errors?.[0]?.message).toBe('Your reply must be at most 1000 characters');
    const target = await reply(author, story.id, 'x'.repeat(1000));
    const reporter = await premiumMember(t);
    const url = `/api/tea/replies/${target.id}/report`;
    for (const reason of ['fake_profile', 'underage_user', 'inappropriate_photos']) {
      expect(expectError(await reporter.request('POST', url, { reason }), 400).errors?.[0]?.message).toBe(
        'Choose a reason from the list',
      );
    }
    // "Other" needs a few words.
    const bare = await reporter.request('POST', url, { reason: 'other' });
    expect(expectError(bare, 400).errors?.[0]).toMatchObject({ path: 'description' });
    expect((await reporter.request('POST', url, { reason: 'private_information' })).statusCode).toBe(200);
  });

  it('lets her delete her own reply; anyone else gets 404', async () => {
    const author = await premiumMember(t);
    const other = await premiumMember(t);
    const story = await share(author);
    const mine = await reply(other, story.id);
    expectError(await author.request('DELETE', `/api/tea/replies/${mine.id}`), 404, /Reply not found/);
    expectError(await author.request('DELETE', '/api/tea/replies/nope'), 404);
    expect((await other.request('DELETE', `/api/tea/replies/${mine.id}`)).statusCode).toBe(200);
    expect((await thread(author, story.id)).replies).toEqual([]);
    expectError(await other.request('DELETE', `/api/tea/replies/${mine.id}`), 404);
  });

  it('counts her replies in her Tea stats and the community numbers, naming no story', async () => {
    const author = await premiumMember(t);
    const ana = await premiumMember(t);
    const before = (await ana.request('GET', '/api/tea/stats')).json<TeaStats>();
    expect(before.mine).toEqual({ storiesShared: 0, repliesWritten: 0 });
    const one = await share(author);
    const two = await share(author);
    await reply(ana, one.id);
    await reply(ana, one.id);
    await reply(ana, two.id);
    const after = (await ana.request('GET', '/api/tea/stats')).json<TeaStats>();
    expect(after.mine).toEqual({ storiesShared: 0, repliesWritten: 3 });
    expect(after.repliesGiven - before.repliesGiven).toBe(3);
    expect((await author.request('GET', '/api/tea/stats')).json<TeaStats>().mine).toEqual({
      storiesShared: 2,
      repliesWritten: 0,
    });
  });
});

describe('a replier cannot be linked to her account or across stories', () => {
  it('stores no user id and no cross-story key; responses, moderation and export name no other member', async () => {
    const author = await premiumMember(t);
    const ana = await premiumMember(t);
    const bea = await premiumMember(t);
    const one = await share(author);
    const two = await share(author);
    const r1 = await reply(ana, one.id, 'Ana on one');
    const r2 = await reply(ana, two.id, 'Ana on two');
    const r3 = await reply(bea, one.id, 'Bea on one');
    const a1 = await reply(author, one.id, 'Author on one');

    // A database reader: no column of any reply equals or contains an id, and Ana's two replies share no value but the
    // ones every reply has.
    const rows = await rawRows<Record<string, unknown>>(
      sql`select * from tea_replies where id in (${r1.id}, ${r2.id}, ${r3.id}, ${a1.id})`,
    );
    expect(rows).toHaveLength(4);
    const dump = JSON.stringify(rows);
    for (const who of [author, ana, bea]) {
      expect(dump).not.toContain(who.user.id);
      expect(dump).not.toContain(who.user.id.replaceAll('-', ''));
      expect(dump).not.toContain(who.user.username);
    }
    const anaRows = rows.filter((r) => r.id === r1.id || r.id === r2.id);
    expect(anaRows[0]!.replier_tag).not.toBe(anaRows[1]!.replier_tag);
    // The author's reply tag is not her story's author tag either.
    const [story] = await rawRows<{ author_tag: string }>(sql`select author_tag from tea_stories where id = ${one.id}`);
    expect(rows.map((r) => r.replier_tag)).not.toContain(story!.author_tag);
    const columns = await rawRows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'tea_replies'`,
    );
    expect(columns.map((c) => c.column_name).sort()).toEqual(
      [
        'by_author',
        'content',
        'created_at',
        'id',
        'posted_despite_nudge',
        'replier_tag',
        'reviewed_at',
        'seq',
        'status',
        'story_id',
      ].sort(),
    );

    // Another member sees pseudonyms only.
    const seen = JSON.stringify([await thread(bea, one.id), await thread(bea, two.id)]);
    for (const who of [author, ana]) {
      expect(seen).not.toContain(who.user.id);
      expect(seen).not.toContain(who.user.username);
      expect(seen).not.toContain(who.user.name);
    }

    // A moderator sees the replies and their threads' pseudonyms, not who wrote them.
    await bea.request('POST', `/api/tea/replies/${r1.id}/report`, { reason: 'other', description: 'Not kind' });
    await bea.request('POST', `/api/tea/replies/${r2.id}/report`, { reason: 'other', description: 'Not kind' });
    const queue = await (await moderator()).request('GET', '/api/moderation/tea/replies');
    const moderated = queue.json<ModeratedReply[]>().filter((r) => r.id === r1.id || r.id === r2.id);
    expect(moderated).toHaveLength(2);
    for (const who of [ana, bea]) {
      expect(queue.body).not.toContain(who.user.id);
      expect(queue.body).not.toContain(who.user.username);
    }

    // Her export: her words and the story titles, nobody else's replies or pseudonyms.
    const exported = (await ana.request('GET', '/api/account/export')).json<AccountExport>();
    expect(exported.teaReplies.map((r) => [r.storyTitle, r.content])).toEqual([
      [one.title, 'Ana on one'],
      [two.title, 'Ana on two'],
    ]);
    const exportBody = JSON.stringify(exported);
    expect(exportBody).not.toContain('Bea on one');
    expect(exportBody).not.toContain('Author on one');
    expect(exportBody).not.toContain(bea.user.id);
    expect(exportBody).not.toContain(author.user.id);
  });

  it('deletes her replies with her account, and nobody else’s', async () => {
    const author = await premiumMember(t);
    const leaving = await premiumMember(t, { password: 'Secret_123' });
    const story = await share(author);
    const other = await share(author);
    await reply(leaving, story.id, 'Leaving soon');
    await reply(leaving, other.id, 'Also leaving');
    const staying = await reply(author, story.id, 'Staying');
    const deleted = await leaving.request('DELETE', '/api/account', { password: 'Secret_123' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await thread(author, story.id)).replies.map((r) => r.id)).toEqual([staying.id]);
    expect((await thread(author, other.id)).replies).toEqual([]);
  });

  it('deletes a story’s replies with the story', async () => {
    const author = await premiumMember(t);
    const story = await share(author);
    const answer = await reply(author, story.id);
    expect((await author.request('DELETE', `/api/tea/stories/${story.id}`)).statusCode).toBe(200);
    expect(await rawRows(sql`select id from tea_replies where id = ${answer.id}`)).toEqual([]);
  });
});

describe('the reply rate limit', () => {
  it(`takes replies from their own budget (${USER_LIMITS.replies.burst} at once), then answers 429`, async () => {
    const limited = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const author = await premiumMember(limited);
      const story = await share(author);
      const results: number[] = [];
      for (let i = 0; i < USER_LIMITS.replies.burst; i++) {
        const response = await author.request('POST', `/api/tea/stories/${story.id}/replies`, { content: `r${i}` });
        results.push(response.statusCode);
      }
      expect(results).toEqual(Array.from({ length: USER_LIMITS.replies.burst }, () => 201));
      const last = await author.request('POST', `/api/tea/stories/${story.id}/replies`, { content: 'one more' });
      expectError(last, 429, /too often\. Please try again in \d+ seconds?\./);
      expect(last.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

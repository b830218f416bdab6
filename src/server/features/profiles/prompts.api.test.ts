import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryPage } from '../../../contract/discovery';
import type { ProfileDetail } from '../../../contract/profiles';
import type { SelfUser } from '../../../contract/users';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { member } from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HERE = { location: 'Bismarck, North Dakota' };
const save = (client: Client, prompts: unknown) => client.request('PUT', `/api/users/${client.user.id}`, { prompts });
const me = async (client: Client) => (await client.request('GET', '/api/auth/me')).json<SelfUser>();

describe('profile prompts', () => {
  it('keeps up to three answers in her order, with their questions, shown to her, on her card and her profile', async () => {
    const rosa = await member(t, HERE);
    const viewer = await member(t, HERE);
    const answers = [
      { promptId: 'ideal-tea-date', answer: '  A slow oolong tasting, then a walk by the river.  ' },
      { promptId: 'green-flags', answer: 'Curiosity, kindness to waiters, and good playlists.' },
    ];
    const saved = await save(rosa, answers);
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = [
      {
        promptId: 'ideal-tea-date',
        question: 'My ideal tea date…',
        answer: 'A slow oolong tasting, then a walk by the river.',
      },
      {
        promptId: 'green-flags',
        question: 'Green flags I look for…',
        answer: 'Curiosity, kindness to waiters, and good playlists.',
      },
    ];
    expect(saved.json<SelfUser>().prompts).toEqual(expected);
    expect((await me(rosa)).prompts).toEqual(expected);

    const profile = await viewer.request('GET', `/api/users/${rosa.user.id}`);
    expect(profile.json<ProfileDetail>().prompts).toEqual(expected);
    const feed = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?limit=50`);
    const card = feed.json<DiscoveryPage>().users.find((u) => u.id === rosa.user.id);
    expect(card?.prompts).toEqual(expected);

    // Another edit that leaves prompts out keeps them; an empty list clears them.
    expect((await rosa.request('PUT', `/api/users/${rosa.user.id}`, { bio: 'New bio here.' })).statusCode).toBe(200);
    expect((await me(rosa)).prompts).toEqual(expected);
    expect((await save(rosa, [])).json<SelfUser>().prompts).toEqual([]);

    // Her export has them.

    expect((await save(rosa, expected.slice(0, 1))).statusCode).toBe(200);
    const exported = await rosa.request('GET', '/api/account/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json<{ account: SelfUser }>().account.prompts).toEqual(expected.slice(0, 1));
  });

  it('refuses more than three, a prompt twice, an unknown prompt, an empty or long answer and control characters: 400, nothing saved', async () => {
    const rosa = await member(t, HERE);
    const kept = [{ promptId: 'sunday', answer: 'Farmers market, then a nap.' }];
    expect((await save(rosa, kept)).statusCode).toBe(200);
    const answer = (promptId: string, text = 'An answer.') => ({ promptId, answer: text });
    const bad: Array<[unknown, string]> = [
      [[answer('sunday'), answer('boundary'), answer('geek-out'), answer('recharge')], 'at most 3'],
      [[answer('sunday'), answer('sunday')], 'once'],
      [[answer('not-a-prompt')], 'Choose a prompt'],
      [[answer('sunday', '   ')], 'Write an answer'],
      [[answer('sunday', 'x'.repeat(151))], 'at most 150'],
      [[answer('sunday', 'tea\u0000time')], 'control characters'],
      ['sunday', 'list'],
    ];
    for (const [prompts, message] of bad) {
      const response = await save(rosa, prompts);
      expect(response.statusCode, JSON.stringify(prompts)).toBe(400);
      expect(response.body, JSON.stringify(prompts)).toContain(message);
    }
    expect((await me(rosa)).prompts.map((p) => p.answer)).toEqual(['Farmers market, then a nap.']);
  });

  it("cannot write another member's prompts", async () => {
    const rosa = await member(t, HERE);
    const other = await member(t, HERE);
    const response = await rosa.request('PUT', `/api/users/${other.user.id}`, {
      prompts: [{ promptId: 'sunday', answer: 'Not mine to write.' }],
    });
    expect(response.statusCode).toBe(403);
    expect((await me(other)).prompts).toEqual([]);
  });
});

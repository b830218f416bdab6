import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicBadge } from '../../../contract/badges';
import type { DiscoveryCard, DiscoveryPage } from '../../../contract/discovery';
import type { SwipeResponse } from '../../../contract/matches';
import type { Preferences, UpdatePreferencesBody } from '../../../contract/preferences';
import type { ProfileDetail } from '../../../contract/profiles';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { block, like } from '../../test/members';

/** Her earned badges as other members meet them: on her discovery card and her public profile. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = (location = 'Portland, Oregon') => signUp(t.app, { location });

async function match(a: Client, b: Client): Promise<void> {
  await like(a, b);
  const second: SwipeResponse = await like(b, a);
  expect(second.match).toBeTruthy();
}

async function cardOf(viewer: Client, subject: Client): Promise<DiscoveryCard | undefined> {
  const response = await viewer.request('GET', `/api/users/discovery/${viewer.user.id}?scope=all&limit=50`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DiscoveryPage>().users.find((u) => u.id === subject.user.id);
}

async function profileOf(viewer: Client, subject: Client): Promise<ProfileDetail> {
  const response = await viewer.request('GET', `/api/users/${subject.user.id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProfileDetail>();
}

/** Awarding runs after the match request answers: wait until her card shows it. */
async function cardBadgeIds(viewer: Client, subject: Client, expected: string[]): Promise<string[]> {
  await expect
    .poll(async () => (await cardOf(viewer, subject))?.badges.map((b) => b.id), { timeout: 5000 })
    .toEqual(expected);
  return expected;
}

const FIRST_MATCH: PublicBadge = {
  id: 'first_match',
  name: 'First Match',
  description: 'Made your first match',
  icon: 'Heart',
  color: 'rose',
};

describe('earned badges shown to other members', () => {
  it('a card carries none until she earns one, then exactly the earned one', async () => {
    const [ana, bea, cleo] = [await member(), await member(), await member()];
    expect((await cardOf(cleo, ana))?.badges).toEqual([]);
    expect((await profileOf(cleo, ana)).badges).toEqual([]);

    await match(ana, bea);
    await cardBadgeIds(cleo, ana, ['first_match']);
    const card = await cardOf(cleo, ana);
    expect(card?.badges).toEqual([FIRST_MATCH]);
  });

  it('her public profile lists her earned badges, oldest first, and never progress or unearned ones', async () => {
    const [ana, bea, cleo, dana] = [await member(), await member(), await member(), await member()];
    await match(ana, bea);
    await cardBadgeIds(dana, ana, ['first_match']);
    const sent = await ana.request('GET', '/api/matches');
    const matchId = sent.json<{ id: string }[]>()[0]!.id;
    const message = await ana.request('POST', '/api/messages', {
      matchId,
      content: 'Hello!',
      clientMessageId: crypto.randomUUID(),
    });
    expect(message.statusCode, message.body).toBe(201);
    await cardBadgeIds(dana, ana, ['first_match', 'conversation_starter']);

    const profile = await profileOf(cleo, ana);
    expect(profile.badges.map((b) => b.id)).toEqual(['first_match', 'conversation_starter']);
    for (const badge of profile.badges) {
      expect(Object.keys(badge).sort()).toEqual(['color', 'description', 'icon', 'id', 'name']);
    }
    // She has one of ten matches: Social Butterfly is in progress, so it is nowhere in what others see.
    const own = await ana.request('GET', `/api/users/${ana.user.id}/badges`);
    expect(own.json<{ badges: { id: string; progress: number }[] }>().badges).toContainEqual(
      expect.objectContaining({ id: 'social_butterfly', progress: 1 }),
    );
    expect(JSON.stringify(profile)).not.toContain('social_butterfly');
    expect(JSON.stringify(await cardOf(dana, ana))).not.toContain('social_butterfly');
  });

  it('nothing of hers across a block', async () => {
    const [ana, bea, cleo] = [await member(), await member(), await member()];
    await match(ana, bea);
    await cardBadgeIds(cleo, ana, ['first_match']);
    await block(ana, cleo);
    expect(await cardOf(cleo, ana)).toBeUndefined();
    expect((await cleo.request('GET', `/api/users/${ana.user.id}`)).statusCode).toBe(404);
  });
});

describe('the public profile', () => {
  it('says how far away she is in the same bands as the cards, unless she hides it', async () => {
    const [ana, bea, cleo] = [await member(), await member(), await member('Seattle, Washington')];
    expect((await profileOf(bea, ana)).distance).toBe('In your city');
    const far = await profileOf(cleo, ana);
    expect(far.distance).toBe((await cardOf(cleo, ana))?.distance);
    expect(far.distance).toMatch(/^~\d+ mi$/);

    const prefs = await ana.request('GET', `/api/users/${ana.user.id}/preferences`);
    const current = prefs.json<Preferences>();
    const body: UpdatePreferencesBody = {
      ...current,
      privacy: { ...current.privacy, showDistance: false },
      visibility: { ...current.visibility, showDistance: false },
    };
    const saved = await ana.request('PUT', `/api/users/${ana.user.id}/preferences`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await profileOf(bea, ana)).not.toHaveProperty('distance');
  });
});

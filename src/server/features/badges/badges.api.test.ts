import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BADGES, type UserBadge, type UserBadgeList } from '../../../contract/badges';
import type { Icebreaker } from '../../../contract/chat';
import type { EventCard } from '../../../contract/events';
import type { SwipeResponse } from '../../../contract/matches';
import { userBadges } from '../../test/tables';
import { connect, settled } from '../../realtime/test-socket';
import { createTestApp, signUp, type Client, type TestApp } from '../../test/harness';
import { block, like } from '../../test/members';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const member = () => signUp(t.app, { location: 'Portland, Oregon' });

async function badgesOf(viewer: Client, userId = viewer.user.id): Promise<UserBadge[]> {
  const response = await viewer.request('GET', `/api/users/${userId}/badges`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserBadgeList>().badges;
}
const badge = async (client: Client, id: string) => (await badgesOf(client)).find((b) => b.id === id);
/** Awarding runs after the triggering request: wait until it shows. */
const earned = async (client: Client, id: string) => {
  await expect.poll(async () => (await badge(client, id))?.earnedAt ?? null, { timeout: 5000 }).not.toBeNull();
  return (await badge(client, id))!;
};

async function match(a: Client, b: Client): Promise<string> {
  await like(a, b);
  const second: SwipeResponse = await like(b, a);
  expect(second.match).toBeTruthy();
  return second.match!.id;
}

const send = (client: Client, matchId: string, content: string) =>
  client.request('POST', '/api/messages', { matchId, content, clientMessageId: crypto.randomUUID() });

const HOUR = 3_600_000;
async function hostEvent(client: Client, title = 'Chai social'): Promise<EventCard> {
  const response = await client.request('POST', '/api/events', {
    title,
    location: 'Portland, Oregon',
    venue: 'Tea Chai Té, NW 23rd',
    eventDate: new Date(Date.now() + 30 * HOUR).toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EventCard>();
}

describe('the catalogue', () => {
  it('lists every badge with its rule, category and goal', async () => {
    const ana = await member();
    const response = await ana.request('GET', '/api/badges');
    expect(response.statusCode).toBe(200);
    const { badges } = response.json<{ badges: { id: string; maxProgress: number; category: string }[] }>();
    expect(badges.map((b) => b.id)).toEqual(BADGES.map((b) => b.id));
    expect(badges.length).toBeGreaterThanOrEqual(17);
    expect(badges.find((b) => b.id === 'social_butterfly')).toMatchObject({ maxProgress: 10, category: 'social' });
  });
});

describe('badges from real activity', () => {
  it('First Match on the first match, for both members, with Social Butterfly progress', async () => {
    const [ana, bea] = [await member(), await member()];
    expect(await badge(ana, 'first_match')).toMatchObject({ earnedAt: null, progress: 0, maxProgress: 1 });
    await match(ana, bea);
    expect((await earned(ana, 'first_match')).progress).toBe(1);
    await earned(bea, 'first_match');
    expect(await badge(ana, 'social_butterfly')).toMatchObject({ earnedAt: null, progress: 1, maxProgress: 10 });
  });

  it('Social Butterfly at ten matches', async () => {
    const ana = await member();
    for (let i = 0; i < 10; i++) await match(ana, await member());
    expect((await earned(ana, 'social_butterfly')).progress).toBe(10);
  });

  it('Conversation Starter for a first message, Good Listener counting replies', async () => {
    const [ana, bea] = [await member(), await member()];
    const matchId = await match(ana, bea);
    expect((await send(ana, matchId, 'Hi! Matcha or chai?')).statusCode).toBe(201);
    await earned(ana, 'conversation_starter');
    expect((await badge(ana, 'good_listener'))?.progress).toBe(0);
    expect((await send(bea, matchId, 'Chai, always')).statusCode).toBe(201);
    expect((await send(ana, matchId, 'Good answer')).statusCode).toBe(201);
    await expect.poll(async () => (await badge(ana, 'good_listener'))?.progress).toBe(1);
    expect((await badge(bea, 'good_listener'))?.progress).toBe(1);
  });

  it('Icebreaker for sending a conversation starter', async () => {
    const [ana, bea] = [await member(), await member()];
    const matchId = await match(ana, bea);
    const generated = await ana.request('POST', `/api/icebreakers/generate/${matchId}`);
    expect(generated.statusCode, generated.body).toBe(200);
    const [starter] = generated.json<Icebreaker[]>();
    expect((await ana.request('POST', `/api/icebreakers/${starter!.id}/use`)).statusCode).toBe(201);
    await earned(ana, 'icebreaker');
  });

  it('Host for hosting a meetup and Regular after joining three', async () => {
    const [ana, bea, cleo, dana] = [await member(), await member(), await member(), await member()];
    const first = await hostEvent(bea, 'One');
    await earned(bea, 'host');
    const others = [first, await hostEvent(cleo, 'Two'), await hostEvent(dana, 'Three')];
    for (const [i, event] of others.entries()) {
      expect((await ana.request('POST', `/api/events/${event.id}/join`, {})).statusCode).toBe(200);
      if (i < 2) await expect.poll(async () => (await badge(ana, 'regular'))?.progress).toBe(i + 1);
    }
    expect((await earned(ana, 'regular')).progress).toBe(3);
    expect((await badge(ana, 'host'))?.earnedAt).toBeNull();
  });

  it('Premium Member and Early Bird through check-achievements, which returns only the newly earned', async () => {
    const ana = await member();
    expect((await ana.request('POST', `/api/grant-test-subscription/${ana.user.id}`)).statusCode).toBe(200);
    const first = await ana.request('POST', `/api/users/${ana.user.id}/check-achievements`);
    expect(first.statusCode).toBe(200);
    const ids = first.json<{ newlyEarned: UserBadge[] }>().newlyEarned.map((b) => b.id);
    expect(ids).toEqual(expect.arrayContaining(['premium_member', 'early_bird']));
    const again = await ana.request('POST', `/api/users/${ana.user.id}/check-achievements`);
    expect(again.json<{ newlyEarned: UserBadge[] }>().newlyEarned).toEqual([]);
    const bea = await member();
    expect((await bea.request('POST', `/api/users/${ana.user.id}/check-achievements`)).statusCode).toBe(403);
  });

  it('shows streak and profile progress without awarding early', async () => {
    const ana = await member();
    const list = await badgesOf(ana);
    expect(list.find((b) => b.id === 'week_streak')).toMatchObject({ progress: 1, maxProgress: 7, earnedAt: null });
    const pro = list.find((b) => b.id === 'profile_pro')!;
    expect(pro.progress).toBeGreaterThan(0);
    expect(pro.progress).toBeLessThan(100);
  });
});

describe('awarding', () => {
  it('awards once under 20 concurrent triggers, with one frame and one notice', async () => {
    const ana = await member();
    const socket = await connect(baseUrl, ana.user, ana.cookie);
    try {
      await ana.request('POST', `/api/grant-test-subscription/${ana.user.id}`);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => ana.request('POST', `/api/users/${ana.user.id}/check-achievements`)),
      );
      const awarded = results.flatMap((r) => r.json<{ newlyEarned: UserBadge[] }>().newlyEarned.map((b) => b.id));
      expect(awarded.filter((id) => id === 'premium_member')).toHaveLength(1);
      const frame = await socket.next('badge_earned', (f) => f.badge.id === 'premium_member');
      expect(frame.badge).toMatchObject({ id: 'premium_member', badge: { name: 'Premium Member' } });
      await settled(t.app, [socket]);
      expect(socket.frames.filter((f) => f.type === 'badge_earned' && f.badge.id === 'premium_member')).toHaveLength(1);
      const rows = await t.database.db.select().from(userBadges).where(eq(userBadges.userId, ana.user.id));
      expect(rows.filter((r) => r.badgeId === 'premium_member')).toHaveLength(1);
      const notices = (await ana.request('GET', '/api/notifications/notices')).json<{ notices: { title: string }[] }>();
      expect(notices.notices.filter((n) => n.title === 'Badge earned: Premium Member')).toHaveLength(1);
    } finally {
      await socket.close();
    }
  });

  it('another member sees only earned badges, and nothing across a block', async () => {
    const [ana, bea, cleo] = [await member(), await member(), await member()];
    await match(ana, bea);
    await earned(ana, 'first_match');
    const seen = await badgesOf(bea, ana.user.id);
    expect(seen.map((b) => b.id)).toContain('first_match');
    expect(seen.every((b) => b.earnedAt !== null)).toBe(true);
    const earnedIds = (await cleo.request('GET', `/api/badges/earned?userIds=${ana.user.id},${bea.user.id}`)).json<{
      earned: Record<string, string[]>;
    }>().earned;
    expect(earnedIds[ana.user.id]).toContain('first_match');
    await block(ana, cleo);
    expect((await cleo.request('GET', `/api/users/${ana.user.id}/badges`)).statusCode).toBe(404);
    const afterBlock = (await cleo.request('GET', `/api/badges/earned?userIds=${ana.user.id}`)).json<{
      earned: Record<string, string[]>;
    }>().earned;
    expect(afterBlock[ana.user.id]).toEqual([]);
    expect((await cleo.request('GET', '/api/badges/earned?userIds=nope')).statusCode).toBe(400);
  });
});

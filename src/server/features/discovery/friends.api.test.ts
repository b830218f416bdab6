import { count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountExport } from '../../../contract/account';
import type { MessagePage } from '../../../contract/chat';
import type { DiscoveryPage, LookingFor } from '../../../contract/discovery';
import type { SwipeResponse, MatchList } from '../../../contract/matches';
import type { LikesReceived } from '../../../contract/notifications';
import { createTestApp, type Client, type TestApp } from '../../test/harness';
import { block, feedIds, member, premiumMember, setProfile, swipe } from '../../test/members';
import { friendsFilters, matches, swipes } from '../../test/tables';

/*
 * Friends mode (product §2 "Discover"): "Looking for" Dating / Friends / Both, a Friends deck with its
 * own swipes, matches and filters, and the "Friends" mark on its conversations.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const here = { location: 'Boise, Idaho' };

async function lookFor(client: Client, lookingFor: LookingFor) {
  const response = await client.request('PUT', '/api/discovery/looking-for', { lookingFor });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ lookingFor });
}

async function friendsMember(lookingFor: LookingFor, overrides: Parameters<typeof member>[1] = {}) {
  const client = await member(t, { ...here, ...overrides });
  if (lookingFor !== 'dating') await lookFor(client, lookingFor);
  return client;
}

const friendsFeed = (client: Client) => feedIds(client, 'mode=friends');

function swipeIn(client: Client, target: Client, mode: string, isLike = true) {
  return client.request('POST', '/api/likes', { targetUserId: target.user.id, isLike, mode });
}

async function likeIn(client: Client, target: Client, mode: 'dating' | 'friends') {
  const response = await swipeIn(client, target, mode);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SwipeResponse>();
}

async function matchesIn(client: Client, mode?: 'dating' | 'friends') {
  const response = await client.request('GET', `/api/matches${mode ? `?mode=${mode}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MatchList>();
}

describe('Looking for', () => {
  it('is dating until she chooses, and refuses anything but dating, friends or both (400, unchanged)', async () => {
    const ana = await member(t, here);
    expect((await ana.request('GET', '/api/discovery/looking-for')).json()).toEqual({ lookingFor: 'dating' });
    await lookFor(ana, 'both');
    for (const lookingFor of ['romance', '', null, 3]) {
      const bad = await ana.request('PUT', '/api/discovery/looking-for', { lookingFor });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([
        { path: 'lookingFor', message: 'Looking for must be dating, friends or both' },
      ]);
    }
    expect((await ana.request('GET', '/api/discovery/looking-for')).json()).toEqual({ lookingFor: 'both' });
    expect((await t.app.inject({ method: 'GET', url: '/api/discovery/looking-for' })).statusCode).toBe(401);
  });
});

describe('the two decks', () => {
  it('shows each deck only the members who chose it, both ways', async () => {
    const viewer = await friendsMember('both');
    const datingOnly = await friendsMember('dating');
    const friendsOnly = await friendsMember('friends');
    const both = await friendsMember('both');

    const dating = await feedIds(viewer);
    expect(dating).toEqual(expect.arrayContaining([datingOnly.user.id, both.user.id]));
    expect(dating).not.toContain(friendsOnly.user.id);

    const friends = await friendsFeed(viewer);
    expect(friends).toEqual(expect.arrayContaining([friendsOnly.user.id, both.user.id]));
    expect(friends).not.toContain(datingOnly.user.id);

    // And from their side: the friends-only member sees the viewer in Friends, never a dating card of anyone.
    expect(await friendsFeed(friendsOnly)).toEqual(expect.arrayContaining([viewer.user.id, both.user.id]));
    expect(await friendsFeed(friendsOnly)).not.toContain(datingOnly.user.id);
    expect(await feedIds(datingOnly)).not.toContain(friendsOnly.user.id);
  });

  it('refuses a deck she has not chosen with 400 and says how to turn it on', async () => {
    const datingOnly = await friendsMember('dating');
    const friendsOnly = await friendsMember('friends');
    const friendsDeck = await datingOnly.request('GET', `/api/users/discovery/${datingOnly.user.id}?mode=friends`);
    expect(friendsDeck.statusCode).toBe(400);
    expect(friendsDeck.json()).toMatchObject({
      message: 'Choose Friends or Both in “Looking for” to use the Friends deck',
      errors: [{ path: 'mode' }],
    });
    const datingDeck = await friendsOnly.request('GET', `/api/users/discovery/${friendsOnly.user.id}`);
    expect(datingDeck.statusCode).toBe(400);
    expect(datingDeck.json().message).toBe('Choose Dating or Both in “Looking for” to use the dating deck');
    const unknown = await friendsOnly.request('GET', `/api/users/discovery/${friendsOnly.user.id}?mode=romance`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'mode', message: 'Mode must be dating or friends' }]);
  });

  it('keeps swipes per deck: a dating pass does not hide her from Friends, a friends swipe hides her there', async () => {
    const viewer = await friendsMember('both');
    const passed = await friendsMember('both');
    const friendLiked = await friendsMember('both');
    expect((await swipeIn(viewer, passed, 'dating', false)).statusCode).toBe(201);
    await likeIn(viewer, friendLiked, 'friends');

    expect(await feedIds(viewer)).not.toContain(passed.user.id);
    expect(await feedIds(viewer)).toContain(friendLiked.user.id);
    expect(await friendsFeed(viewer)).toContain(passed.user.id);
    expect(await friendsFeed(viewer)).not.toContain(friendLiked.user.id);
    // The same person twice in one deck is still a conflict.
    expect((await swipeIn(viewer, friendLiked, 'friends')).statusCode).toBe(409);
  });
});

describe('friends likes and matches', () => {
  it('never counts a like in one deck toward a match in the other; each deck matches on its own', async () => {
    const ana = await friendsMember('both');
    const bea = await friendsMember('both');

    expect((await likeIn(ana, bea, 'friends')).match).toBeNull();
    // Bea likes Ana for dating: Ana's friends like does not make it mutual.
    expect((await likeIn(bea, ana, 'dating')).match).toBeNull();
    expect(await matchesIn(ana)).toEqual([]);

    const friendsMatch = (await likeIn(bea, ana, 'friends')).match;
    expect(friendsMatch).toMatchObject({ mode: 'friends', otherUser: { id: ana.user.id } });
    expect((await matchesIn(ana, 'friends')).map((m) => m.id)).toEqual([friendsMatch?.id]);
    expect(await matchesIn(ana, 'dating')).toEqual([]);

    const datingMatch = (await likeIn(ana, bea, 'dating')).match;
    expect(datingMatch).toMatchObject({ mode: 'dating', otherUser: { id: bea.user.id } });
    expect(datingMatch?.id).not.toBe(friendsMatch?.id);
    expect((await matchesIn(bea, 'dating')).map((m) => m.id)).toEqual([datingMatch?.id]);
    expect((await matchesIn(bea, 'friends')).map((m) => m.id)).toEqual([friendsMatch?.id]);
    // Without a mode, the chat list: both conversations, each marked.
    expect((await matchesIn(bea)).map((m) => [m.id, m.mode])).toEqual([
      [datingMatch?.id, 'dating'],
      [friendsMatch?.id, 'friends'],
    ]);
    expect((await bea.request('GET', '/api/matches?mode=romance')).statusCode).toBe(400);
  });

  it('marks the conversation: the messages page says friends, and a message goes through as in dating', async () => {
    const ana = await friendsMember('friends');
    const bea = await friendsMember('friends');
    await likeIn(ana, bea, 'friends');
    const matchId = (await likeIn(bea, ana, 'friends')).match?.id ?? '';
    const sent = await ana.request('POST', '/api/messages', {
      matchId,
      content: 'Tea on Saturday?',
      clientMessageId: crypto.randomUUID(),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const page = (await bea.request('GET', `/api/messages/${matchId}`)).json<MessagePage>();
    expect(page).toMatchObject({ mode: 'friends', messages: [{ content: 'Tea on Saturday?' }] });

    const dating = await friendsMember('dating');
    const other = await friendsMember('dating');
    await likeIn(dating, other, 'dating');
    const datingId = (await likeIn(other, dating, 'dating')).match?.id ?? '';
    expect((await other.request('GET', `/api/messages/${datingId}`)).json<MessagePage>().mode).toBe('dating');
  });

  it('refuses a friends like from or to someone not looking for friends, and a bad mode, changing nothing', async () => {
    const datingOnly = await friendsMember('dating');
    const friendsOnly = await friendsMember('friends');
    const both = await friendsMember('both');

    const notHers = await swipeIn(datingOnly, both, 'friends');
    expect(notHers.statusCode).toBe(400);
    expect(notHers.json()).toMatchObject({
      message: 'Choose Friends or Both in “Looking for” to use the Friends deck',
      errors: [{ path: 'mode' }],
    });
    // A friends-only member is not in the dating deck: liking her for dating is as if she were not there.
    expect((await swipeIn(both, friendsOnly, 'dating')).statusCode).toBe(404);
    expect((await swipeIn(both, datingOnly, 'friends')).statusCode).toBe(404);
    for (const mode of ['romance', '', 7]) {
      const bad = await swipeIn(both, friendsOnly, mode as string);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ path: 'mode', message: 'Mode must be dating or friends' }]);
    }
    const [row] = await t.database.db
      .select({ n: count() })
      .from(swipes)
      .where(or(eq(swipes.userId, both.user.id), eq(swipes.userId, datingOnly.user.id)));
    expect(row?.n).toBe(0);
    expect(await friendsFeed(both)).toContain(friendsOnly.user.id);
  });

  it('shares one daily like budget across the decks', async () => {
    const ana = await friendsMember('both');
    const bea = await friendsMember('both');
    const cleo = await friendsMember('both');
    expect((await likeIn(ana, bea, 'friends')).limits.likesRemaining).toBe(9);
    expect((await likeIn(ana, cleo, 'dating')).limits.likesRemaining).toBe(8);
    const page = (await ana.request('GET', `/api/users/discovery/${ana.user.id}?mode=friends`)).json<DiscoveryPage>();
    expect(page.limits.likesRemaining).toBe(8);
  });

  it("keeps the Friends deck's likes list apart, and a block or unmatch ends both decks", async () => {
    const viewer = await premiumMember(t, here);
    await lookFor(viewer, 'both');
    const friendLiker = await friendsMember('friends');
    const datingLiker = await friendsMember('dating');
    await likeIn(friendLiker, viewer, 'friends');
    await likeIn(datingLiker, viewer, 'dating');

    const likes = async (query: string) =>
      (await viewer.request('GET', `/api/notifications/likes-received${query}`)).json<LikesReceived>();
    expect((await likes('?mode=friends')).entries.map((e) => [e.id, e.mode])).toEqual([
      [friendLiker.user.id, 'friends'],
    ]);
    expect((await likes('?mode=dating')).entries.map((e) => e.id)).toEqual([datingLiker.user.id]);
    expect((await likes('')).count).toBe(2);
    // Liking back in the dating deck does not answer a friends like.
    await lookFor(friendLiker, 'both');
    expect((await likeIn(viewer, friendLiker, 'dating')).match).toBeNull();
    expect((await likes('?mode=friends')).count).toBe(1);
    const matchId = (await likeIn(viewer, friendLiker, 'friends')).match?.id ?? '';
    expect((await likes('?mode=friends')).count).toBe(0);

    const unmatched = await viewer.request('DELETE', `/api/matches/${matchId}`);
    expect(unmatched.statusCode).toBe(200);
    expect(await matchesIn(friendLiker)).toEqual([]);
    expect(await feedIds(friendLiker)).not.toContain(viewer.user.id);
    expect(await friendsFeed(friendLiker)).not.toContain(viewer.user.id);

    // A liker who then leaves the like's deck (a dating like, then Friends only) drops out of that list:
    // she could not be liked back there.
    expect((await likes('?mode=dating')).count).toBe(1);
    await lookFor(datingLiker, 'friends');
    expect((await likes('?mode=dating')).count).toBe(0);
    expect((await likes('?mode=dating')).entries).toEqual([]);

    const blocked = await friendsMember('both');
    await block(viewer, blocked);
    expect(await friendsFeed(blocked)).not.toContain(viewer.user.id);
    expect((await swipeIn(blocked, viewer, 'friends')).statusCode).toBe(404);
  });
});

describe('Friends filters', () => {
  it('are age, distance and interests, mutual on age, with no dating deal breakers', async () => {
    const viewer = await friendsMember('both', { age: 30, interests: ['Yoga', 'Hiking'] });
    expect((await viewer.request('GET', `/api/users/${viewer.user.id}/friends-filters`)).json()).toEqual({
      minAge: 18,
      maxAge: 75,
      maxDistance: 25,
      interests: [],
    });
    // Her dating deal breaker (smoking) and dating filters never apply to the Friends deck.
    const prefs = await viewer.request('GET', `/api/users/${viewer.user.id}/preferences`);
    const saved = await viewer.request('PUT', `/api/users/${viewer.user.id}/preferences`, {
      ...prefs.json<Record<string, unknown>>(),
      dealBreakers: ['Smoking'],
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const smoker = await friendsMember('friends', { age: 31, interests: ['Hiking'] });
    await setProfile(t, smoker, { lifestyle: { smoking: 'regularly' } });
    const tooOld = await friendsMember('friends', { age: 60, interests: ['Yoga'] });
    const wantsOlder = await friendsMember('friends', { age: 32, interests: ['Yoga'] });
    const put = await wantsOlder.request('PUT', `/api/users/${wantsOlder.user.id}/friends-filters`, {
      minAge: 40,
      maxAge: 75,
      maxDistance: 25,
    });
    expect(put.statusCode, put.body).toBe(200);
    const noSharedInterest = await friendsMember('friends', { age: 29, interests: ['Pottery'] });
    const nampa = await friendsMember('friends', { age: 29, interests: ['Yoga'], location: 'Nampa, Idaho' });
    const twinFalls = await friendsMember('friends', { age: 29, interests: ['Yoga'], location: 'Twin Falls, Idaho' });

    const mine = await viewer.request('PUT', `/api/users/${viewer.user.id}/friends-filters`, {
      minAge: 25,
      maxAge: 45,
      maxDistance: 20,
      interests: ['Yoga', 'Hiking', 'Yoga'],
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ minAge: 25, maxAge: 45, maxDistance: 20, interests: ['Yoga', 'Hiking'] });

    const ids = await friendsFeed(viewer);
    expect(ids).toEqual(expect.arrayContaining([smoker.user.id, nampa.user.id]));
    for (const out of [tooOld, wantsOlder, noSharedInterest, twinFalls]) expect(ids).not.toContain(out.user.id);
    // Her dating deck still applies the deal breaker (the smoker is friends-only anyway) and her dating filters.
    expect(await feedIds(viewer)).not.toContain(smoker.user.id);
  });

  it('refuses bad values with 400 and keeps what was saved', async () => {
    const viewer = await friendsMember('friends');
    const url = `/api/users/${viewer.user.id}/friends-filters`;
    await viewer.request('PUT', url, { minAge: 20, maxAge: 40, maxDistance: 30, interests: ['Yoga'] });
    const cases: Array<[unknown, string, string]> = [
      [{ minAge: 40, maxAge: 20, maxDistance: 30 }, 'maxAge', 'Maximum age must be at least the minimum age'],
      [{ minAge: 20, maxAge: 40, maxDistance: 0 }, 'maxDistance', 'Distance must be at least 1 mile'],
      [{ minAge: 20, maxAge: 40, maxDistance: 30, interests: ['Knitting spells'] }, 'interests.0', 'Unknown interest'],
    ];
    for (const [body, path, message] of cases) {
      const response = await viewer.request('PUT', url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({ path, message });
    }
    expect((await viewer.request('GET', url)).json()).toEqual({
      minAge: 20,
      maxAge: 40,
      maxDistance: 30,
      interests: ['Yoga'],
    });
    const other = await friendsMember('friends');
    expect((await other.request('PUT', url, { minAge: 20, maxAge: 40, maxDistance: 30 })).statusCode).toBe(403);
  });
});

describe('export and deletion', () => {
  it('exports her setting, Friends filters and the mode of each swipe and match, and deletes them with her', async () => {
    const ana = await friendsMember('both');
    const bea = await friendsMember('both');
    await ana.request('PUT', `/api/users/${ana.user.id}/friends-filters`, {
      minAge: 21,
      maxAge: 50,
      maxDistance: 40,
      interests: ['Hiking'],
    });
    await likeIn(bea, ana, 'friends');
    await likeIn(ana, bea, 'friends');
    expect((await swipe(ana, bea)).statusCode).toBe(201);

    const exported = (await ana.request('GET', '/api/account/export')).json<AccountExport>();
    expect(exported.preferences).toMatchObject({
      lookingFor: 'both',
      friendsFilters: { minAge: 21, maxAge: 50, maxDistance: 40, interests: ['Hiking'] },
    });
    expect(exported.swipes.map((s) => s.mode).sort()).toEqual(['dating', 'friends']);
    expect(exported.matches).toEqual([expect.objectContaining({ withUserId: bea.user.id, mode: 'friends' })]);
    expect(exported.tables.friends_filters).toEqual([expect.objectContaining({ userId: ana.user.id, maxAge: 50 })]);
    expect(exported.tables.user_preferences).toEqual([expect.objectContaining({ lookingFor: 'both' })]);

    const deleted = await ana.request('DELETE', '/api/account', { password: 'Secret_123' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(friendsFilters).where(eq(friendsFilters.userId, ana.user.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(matches)
        .where(or(eq(matches.userA, ana.user.id), eq(matches.userB, ana.user.id))),
    ).toEqual([]);
    expect(await matchesIn(bea, 'friends')).toEqual([]);
  });
});

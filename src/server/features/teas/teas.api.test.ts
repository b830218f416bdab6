import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserBadgeList } from '../../../contract/badges';
import type { ErrorBody } from '../../../contract/http';
import type { TeaReview, TeaVariety } from '../../../contract/teas';
import { member, premiumMember } from '../../test/members';
import { createTestApp, type Client, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function expectError(response: { statusCode: number; json<T>(): T }, status: number, message?: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json<ErrorBody>();
  if (message) expect(body.message).toBe(message);
  return body;
}

describe('the tea tab is for Premium members', () => {
  it('answers 403 to a free member on every tea route', async () => {
    const free = await member(t);
    const reviewer = await premiumMember(t);
    const review = await reviewer.request('POST', '/api/tea/reviews', { teaId: 'matcha', rating: 5, text: 'Grassy.' });
    const reviewId = review.json<TeaReview>().id;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/tea/varieties'],
      ['GET', '/api/tea/reviews'],
      ['POST', '/api/tea/reviews', { teaId: 'chai', rating: 4, text: '' }],
      ['PUT', `/api/tea/reviews/${reviewId}/like`],
    ];
    for (const [method, url, body] of calls) {
      const response = await free.request(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json<ErrorBody>().code).toBe('PREMIUM_REQUIRED');
    }
    // Nothing changed: her review is still unliked.
    const [still] = (await reviewer.request('GET', '/api/tea/reviews?teaId=matcha')).json<TeaReview[]>();
    expect(still).toMatchObject({ id: reviewId, likeCount: 0 });
  });
});

describe('tea varieties and reviews', () => {
  it('lists the 12 teas with description, caffeine and brewing guide', async () => {
    const she = await premiumMember(t);
    const teas = (await she.request('GET', '/api/tea/varieties')).json<TeaVariety[]>();
    expect(teas.map((v) => v.name)).toEqual([
      'Green Tea',
      'Black Tea',
      'Oolong',
      'White Tea',
      'Herbal Tea',
      'Chai',
      'Matcha',
      'Earl Grey',
      'Jasmine',
      'Rooibos',
      'Chamomile',
      'Peppermint',
    ]);
    for (const tea of teas) {
      expect(tea.description.length).toBeGreaterThan(10);
      expect(tea.brewTempC).toBeGreaterThan(60);
      expect(tea.brewMinutes[0]).toBeLessThanOrEqual(tea.brewMinutes[1]);
    }
  });

  it('keeps one review per member per tea (a second replaces it), shows first name and photo, and refuses liking your own', async () => {
    const reviewer = await premiumMember(t, { name: 'Rosa Parker' });
    const fan = await premiumMember(t);
    const first = await reviewer.request('POST', '/api/tea/reviews', { teaId: 'oolong', rating: 3, text: 'Fine.' });
    expect(first.statusCode).toBe(200);
    const review = first.json<TeaReview>();
    expect(review).toMatchObject({ teaId: 'oolong', rating: 3, text: 'Fine.', isMine: true, likeCount: 0 });
    expect(review.reviewer).toEqual({ firstName: 'Rosa', photo: null });

    const liked = await fan.request('PUT', `/api/tea/reviews/${review.id}/like`);
    expect(liked.json()).toEqual({ liked: true, likeCount: 1 });
    expectError(
      await reviewer.request('PUT', `/api/tea/reviews/${review.id}/like`),
      403,
      "You can't like your own review",
    );

    const edited = await reviewer.request('POST', '/api/tea/reviews', {
      teaId: 'oolong',
      rating: 5,
      text: 'Grew on me.',
    });
    expect(edited.json<TeaReview>()).toMatchObject({ id: review.id, rating: 5, text: 'Grew on me.' });
    const list = (await fan.request('GET', '/api/tea/reviews?teaId=oolong')).json<TeaReview[]>();
    const mine = list.filter((r) => r.reviewer.firstName === 'Rosa');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ rating: 5, likeCount: 1, likedByMe: true, isMine: false });
    expect(JSON.stringify(list)).not.toContain('Parker');

    expect((await fan.request('PUT', `/api/tea/reviews/${review.id}/like`)).json()).toEqual({
      liked: false,
      likeCount: 0,
    });
    expect((await fan.request('GET', '/api/tea/reviews?teaId=chai')).json<TeaReview[]>()).toEqual([]);
  });

  it.each([
    [{ teaId: 'coffee', rating: 4 }, 'Unknown tea'],
    [{ teaId: 'chai', rating: 6 }, 'Rating must be 1 to 5'],
    [{ teaId: 'chai', rating: 0 }, 'Rating must be 1 to 5'],
    [{ teaId: 'chai', rating: 2.5 }, 'Rating must be 1 to 5'],
    [{ teaId: 'chai', rating: 4, text: 'z'.repeat(1001) }, 'Your review must be at most 1000 characters'],
  ])('refuses a bad review %j', async (body, message) => {
    const she = await premiumMember(t);
    const response = await she.request('POST', '/api/tea/reviews', body);
    expect(expectError(response, 400).errors?.map((e) => e.message)).toContain(message);
  });
});

describe('the Tea Critic badge', () => {
  /** Awarding runs after the request, off its path, from its domain event: drain the events, then read. */
  async function earned(client: Client, id: string) {
    await t.app.events.drain();
    const response = await client.request('GET', `/api/users/${client.user.id}/badges`);
    expect(response.statusCode, response.body).toBe(200);
    const badge = response.json<UserBadgeList>().badges.find((b) => b.id === id);
    if (!badge?.earnedAt) throw new Error(`${id} was not earned`);
    return badge;
  }

  it('earns Tea Critic at the fifth tea reviewed', async () => {
    const critic = await premiumMember(t);
    for (const teaId of ['green-tea', 'oolong', 'chai', 'earl-grey', 'jasmine']) {
      const response = await critic.request('POST', '/api/tea/reviews', { teaId, rating: 4, text: 'Lovely.' });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await earned(critic, 'tea_critic')).progress).toBe(5);
  });
});

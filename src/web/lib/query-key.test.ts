import { describe, expect, it } from 'vitest';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { allRouteDeclarations } from '../../contract/api';
import { chatApi } from '../../contract/api/chat';
import { discoveryApi } from '../../contract/api/discovery';
import { matchesApi } from '../../contract/api/matches';
import { storiesApi } from '../../contract/api/stories';
import { invalidateRoutes, localQueryKey, queryKeyOf, routeRef } from './query-key';

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';

/** The keys of a client's cached queries that a filter with `queryKey` reaches. */
const reached = (queryClient: QueryClient, queryKey: readonly unknown[]) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey })
    .map((query) => query.queryHash)
    .sort();

describe('queryKeyOf', () => {
  it('gives the same key for the same route and input, whatever the order of the input', () => {
    const a = queryKeyOf(discoveryApi.feed, { params: { userId: U1 }, query: { scope: 'nearby', mode: 'dating' } });
    const b = queryKeyOf(discoveryApi.feed, { query: { mode: 'dating', scope: 'nearby' }, params: { userId: U1 } });
    expect(a).toEqual(b);
    expect(hashKey(a)).toBe(hashKey(b));
    expect(queryKeyOf(matchesApi.list)).toEqual(queryKeyOf(matchesApi.list));
  });

  it('is [routeId] without input and [routeId, input] with it', () => {
    expect(queryKeyOf(matchesApi.list)).toEqual(['GET /api/matches']);
    expect(queryKeyOf(matchesApi.profileStats, { params: { id: U1 } })).toEqual([
      'GET /api/users/:id/stats',
      { params: { id: U1 } },
    ]);
  });

  it('leaves out absent and empty parts, so one call never has two keys', () => {
    const bare = queryKeyOf(storiesApi.listStories);
    expect(queryKeyOf(storiesApi.listStories, {})).toEqual(bare);
    expect(queryKeyOf(storiesApi.listStories, { query: {} })).toEqual(bare);
    expect(queryKeyOf(storiesApi.listStories, { query: { category: undefined } })).toEqual(bare);
    expect(queryKeyOf(chatApi.listMessages, { params: { matchId: U1 }, query: {} })).toEqual(
      queryKeyOf(chatApi.listMessages, { params: { matchId: U1 } }),
    );
  });

  it('names a lazily loaded route exactly as its declaration does', () => {
    const feed = routeRef<typeof discoveryApi.feed>('GET', '/api/users/discovery/:userId');
    expect(queryKeyOf(feed, { params: { userId: U1 } })).toEqual(
      queryKeyOf(discoveryApi.feed, { params: { userId: U1 } }),
    );
    expect(queryKeyOf(feed)).toEqual(queryKeyOf(discoveryApi.feed));
  });

  it('without input, reaches every cached input of that route and nothing else', () => {
    const queryClient = new QueryClient();
    const feed = (userId: string, scope: 'nearby' | 'all') =>
      queryKeyOf(discoveryApi.feed, { params: { userId }, query: { scope, mode: 'dating' } });
    queryClient.setQueryData(feed(U1, 'nearby'), 1);
    queryClient.setQueryData(feed(U1, 'all'), 2);
    queryClient.setQueryData(feed(U2, 'nearby'), 3);
    queryClient.setQueryData(queryKeyOf(discoveryApi.getFilters, { params: { userId: U1 } }), 4);
    queryClient.setQueryData(queryKeyOf(matchesApi.list), 5);

    expect(reached(queryClient, queryKeyOf(discoveryApi.feed))).toEqual(
      [feed(U1, 'nearby'), feed(U1, 'all'), feed(U2, 'nearby')].map((key) => hashKey(key)).sort(),
    );
    // A part of the input reaches the queries that share it, whatever the rest.
    expect(reached(queryClient, queryKeyOf(discoveryApi.feed, { params: { userId: U1 } }))).toEqual(
      [feed(U1, 'nearby'), feed(U1, 'all')].map((key) => hashKey(key)).sort(),
    );
    expect(reached(queryClient, feed(U2, 'nearby'))).toEqual([hashKey(feed(U2, 'nearby'))]);
  });

  it('invalidates each route of a group and leaves the others alone', async () => {
    const queryClient = new QueryClient();
    const stats = queryKeyOf(storiesApi.stats);
    const stories = queryKeyOf(storiesApi.listStories, { query: { category: 'Dating' } });
    const matches = queryKeyOf(matchesApi.list);
    queryClient.setQueryData(stats, []);
    queryClient.setQueryData(stories, []);
    queryClient.setQueryData(matches, []);
    await invalidateRoutes(queryClient, [storiesApi.stats, storiesApi.listStories]);
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect([invalidated(stats), invalidated(stories), invalidated(matches)]).toEqual([true, true, false]);
  });

  it('never gives two routes the same key or a key the other’s prefix reaches', () => {
    const routes = allRouteDeclarations();
    const ids = routes.map((route) => queryKeyOf(route)[0]);
    expect(new Set(ids).size).toBe(routes.length);

    // Same path, another method: the stored starters (GET) and a generated set (POST).
    const queryClient = new QueryClient();
    const generated = queryKeyOf(chatApi.icebreakers, { params: { matchId: U1 } });
    queryClient.setQueryData(generated, []);
    expect(reached(queryClient, queryKeyOf(chatApi.storedIcebreakers))).toEqual([]);
    expect(reached(queryClient, queryKeyOf(chatApi.icebreakers))).toEqual([hashKey(generated)]);
    // A path that begins another's is still another route.
    queryClient.setQueryData(queryKeyOf(matchesApi.list), []);
    expect(reached(queryClient, queryKeyOf(matchesApi.listForUser))).toEqual([]);
  });

  it('keeps queries that read this device apart from every route', () => {
    const ids = new Set(allRouteDeclarations().map((route) => queryKeyOf(route)[0]));
    expect(ids.has(localQueryKey('push-state')[0])).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import type { Message, ReactionGroup } from '../../../contract/chat';
import {
  flattenPages,
  messagesRoute,
  syncCacheWithFrame,
  toggledReactions,
  withMessage,
  type MessagePages,
} from './chat-cache';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf } from '../../lib/query-key';
import { photoMedia } from '../../lib/test-media';

const MATCH = '22222222-2222-4222-8222-222222222222';

function msg(n: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    matchId: MATCH,
    senderId: 'a',
    content: `m${n}`,
    messageType: 'text',
    icebreakerId: null,
    clientMessageId: null,
    createdAt: new Date(Date.UTC(2025, 5, 15, 12, n)).toISOString(),
    readAt: null,
    reactions: [],
    media: null,
    ...overrides,
  };
}

const pages = (...groups: Message[][]): MessagePages => ({
  pages: groups.map((messages, i) => ({ messages, nextCursor: i < groups.length - 1 ? 'x' : null })),
  pageParams: groups.map((_, i) => (i === 0 ? null : `c${i}`)),
});

describe('flattenPages', () => {
  it('puts older pages first and keeps each message once when page boundaries shifted', () => {
    const data = pages([msg(3), msg(4), msg(5)], [msg(1), msg(2), msg(3)]);
    expect(flattenPages(data).map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(flattenPages(undefined)).toEqual([]);
  });
});

describe('withMessage', () => {
  it('appends a new message to the newest page and replaces a known one in place', () => {
    const data = pages([msg(1)]);
    const added = withMessage(data, msg(2));
    expect(flattenPages(added).map((m) => m.content)).toEqual(['m1', 'm2']);
    const replaced = withMessage(added, msg(1, { readAt: '2025-06-15T13:00:00.000Z' }));
    expect(flattenPages(replaced)).toHaveLength(2);
    expect(flattenPages(replaced)[0]?.readAt).toBe('2025-06-15T13:00:00.000Z');
  });
});

describe('toggledReactions', () => {
  const heart: ReactionGroup = { emoji: '❤️', count: 2, userIds: ['me', 'her'], reactedByMe: true };
  const fire: ReactionGroup = { emoji: '🔥', count: 1, userIds: ['her'], reactedByMe: false };

  it('removes my own reaction and drops an emptied group', () => {
    expect(toggledReactions([heart, fire], '❤️', 'me')).toEqual([
      { emoji: '❤️', count: 1, userIds: ['her'], reactedByMe: false },
      fire,
    ]);
    expect(toggledReactions([{ ...heart, count: 1, userIds: ['me'] }], '❤️', 'me')).toEqual([]);
  });

  it('adds to an existing group or creates one, keeping the spec emoji order', () => {
    expect(toggledReactions([fire], '🔥', 'me')).toEqual([
      { emoji: '🔥', count: 2, userIds: ['her', 'me'], reactedByMe: true },
    ]);
    expect(toggledReactions([fire], '❤️', 'me').map((g) => g.emoji)).toEqual(['❤️', '🔥']);
  });
});

describe('syncCacheWithFrame (product §4 cache rules)', () => {
  function clientWithData() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeyOf(matchListRoute), []);
    queryClient.setQueryData(queryKeyOf(messagesRoute, { params: { matchId: MATCH } }), pages([msg(1)]));
    queryClient.setQueryData(queryKeyOf(messagesRoute, { params: { matchId: 'other-match' } }), pages([]));
    return queryClient;
  }
  const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
    queryClient.getQueryState(key)?.isInvalidated ?? false;

  it('message: shows the stored message at once, refreshes that conversation and the match list only', () => {
    const queryClient = clientWithData();
    const incoming = msg(2, { senderId: 'b' });
    syncCacheWithFrame(queryClient, {
      type: 'message',
      matchId: MATCH,
      senderId: 'b',
      messageId: incoming.id,
      message: incoming,
    });
    expect(
      flattenPages(queryClient.getQueryData(queryKeyOf(messagesRoute, { params: { matchId: MATCH } }))).map(
        (m) => m.content,
      ),
    ).toEqual(['m1', 'm2']);
    expect(invalidated(queryClient, queryKeyOf(messagesRoute, { params: { matchId: MATCH } }))).toBe(true);
    expect(invalidated(queryClient, queryKeyOf(matchListRoute))).toBe(true);
    expect(invalidated(queryClient, queryKeyOf(messagesRoute, { params: { matchId: 'other-match' } }))).toBe(false);
  });

  it('reactions: replaces the message’s groups with the frame’s, without refetching when no fetch is in flight', () => {
    const queryClient = clientWithData();
    const reactions = [{ emoji: '❤️' as const, count: 1, userIds: ['b'], reactedByMe: false }];
    syncCacheWithFrame(queryClient, { type: 'reactions', matchId: MATCH, messageId: msg(1).id, reactions });
    expect(
      flattenPages(queryClient.getQueryData(queryKeyOf(messagesRoute, { params: { matchId: MATCH } })))[0]?.reactions,
    ).toEqual(reactions);
    expect(invalidated(queryClient, queryKeyOf(messagesRoute, { params: { matchId: MATCH } }))).toBe(false);
  });

  it('media_state while a refetch read before the change is in flight: that stale answer does not undo the frame', async () => {
    const queryClient = new QueryClient();
    const key = queryKeyOf(messagesRoute, { params: { matchId: MATCH } });
    const media = photoMedia({ contentType: 'image/jpeg', viewOnce: true });
    const unopened = pages([msg(1, { media })]);
    const opened = pages([msg(1, { media: { ...media, available: false, openedAt: '2025-06-15T13:00:00.000Z' } })]);
    // The server's answers in order: the first read the row before she opened the photo, and is slow.
    const answers: Array<{ data: MessagePages; release: Promise<void> }> = [];
    let releaseStale = () => {};
    answers.push({ data: unopened, release: Promise.resolve() });
    answers.push({ data: unopened, release: new Promise<void>((resolve) => (releaseStale = resolve)) });
    answers.push({ data: opened, release: Promise.resolve() });
    let fetches = 0;
    const observer = new InfiniteQueryObserver(queryClient, {
      queryKey: key,
      initialPageParam: null as string | null,
      getNextPageParam: () => null,
      queryFn: async () => {
        const answer = answers[fetches++];
        if (!answer) throw new Error('unexpected fetch');
        await answer.release;
        return answer.data.pages[0]!;
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => observer.getCurrentResult().isSuccess).toBe(true);
    void queryClient.invalidateQueries({ queryKey: key });
    await expect.poll(() => fetches).toBe(2);

    syncCacheWithFrame(queryClient, {
      type: 'media_state',
      matchId: MATCH,
      messageId: msg(1).id,
      mediaId: media.id,
      openedAt: '2025-06-15T13:00:00.000Z',
      playedAt: null,
      available: false,
    });
    releaseStale();
    await expect.poll(() => fetches).toBe(3);
    await expect.poll(() => observer.getCurrentResult().isFetching).toBe(false);
    expect(flattenPages(queryClient.getQueryData(key))[0]?.media?.openedAt).toBe('2025-06-15T13:00:00.000Z');
    unsubscribe();
  });

  it('online_status: refreshes the matches only', () => {
    const queryClient = clientWithData();
    syncCacheWithFrame(queryClient, { type: 'online_status', userId: 'b', isOnline: true, lastActive: null });
    expect(invalidated(queryClient, queryKeyOf(matchListRoute))).toBe(true);
    expect(invalidated(queryClient, queryKeyOf(messagesRoute, { params: { matchId: MATCH } }))).toBe(false);
  });

  it('read_receipt: marks the message read and refreshes every cached conversation and the unread counts', () => {
    const queryClient = clientWithData();
    const readAt = '2025-06-15T13:00:00.000Z';
    syncCacheWithFrame(queryClient, { type: 'read_receipt', matchId: MATCH, messageId: msg(1).id, readAt });
    expect(
      flattenPages(queryClient.getQueryData(queryKeyOf(messagesRoute, { params: { matchId: MATCH } })))[0]?.readAt,
    ).toBe(readAt);
    expect(invalidated(queryClient, queryKeyOf(messagesRoute, { params: { matchId: MATCH } }))).toBe(true);
    expect(invalidated(queryClient, queryKeyOf(messagesRoute, { params: { matchId: 'other-match' } }))).toBe(true);
    expect(invalidated(queryClient, queryKeyOf(matchListRoute))).toBe(true);
  });

  it('connected: refetches conversations and matches so nothing sent meanwhile is missed', () => {
    const queryClient = clientWithData();
    syncCacheWithFrame(queryClient, { type: 'connected', userId: 'a' });
    expect(invalidated(queryClient, queryKeyOf(matchListRoute))).toBe(true);
    expect(invalidated(queryClient, queryKeyOf(messagesRoute, { params: { matchId: 'other-match' } }))).toBe(true);
  });

  it('typing and error frames leave the cache alone', () => {
    const queryClient = clientWithData();
    syncCacheWithFrame(queryClient, { type: 'typing', matchId: MATCH, userId: 'b' });
    syncCacheWithFrame(queryClient, { type: 'error', message: 'nope' });
    expect(invalidated(queryClient, queryKeyOf(matchListRoute))).toBe(false);
    expect(invalidated(queryClient, queryKeyOf(messagesRoute, { params: { matchId: MATCH } }))).toBe(false);
  });
});

import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Message, MessagePage, ReactionEmoji, ReactionGroup } from '../../../contract/chat';
import type { chatApi } from '../../../contract/api/chat';
import type { MediaState } from '../../../contract/chat-media';
import { REACTION_EMOJI } from '../../../contract/reactions';
import type { ServerFrame } from '../../../contract/realtime';
import { matchListRoute } from '../../lib/matches';
import { queryKeyOf, routeRef } from '../../lib/query-key';

/**
 * A conversation's messages, the route the cache edits below write to (`queryKeyOf(messagesRoute)` reaches
 * every cached conversation). Named by its head: this module is part of /home's first paint.
 */
export const messagesRoute = routeRef<typeof chatApi.listMessages>('GET', '/api/messages/:matchId');

export type MessagePages = InfiniteData<MessagePage, string | null>;

/** Oldest → newest across pages (page 0 is the newest), each message once. */
export function flattenPages(data: { pages: MessagePage[] } | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (const page of [...data.pages].reverse()) {
    for (const message of page.messages) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      out.push(message);
    }
  }
  // A refetch can shift page boundaries; keep the order by time, ties by id like the server.
  return out.sort((a, b) =>
    a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt),
  );
}

function mapMessages(data: MessagePages, edit: (message: Message) => Message): MessagePages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(edit) })) };
}

/** Adds a stored message to the newest page, or replaces the copy already there. */
export function withMessage(data: MessagePages, message: Message): MessagePages {
  const known = data.pages.some((page) => page.messages.some((m) => m.id === message.id));
  if (known) return mapMessages(data, (m) => (m.id === message.id ? message : m));
  const [newest, ...older] = data.pages;
  if (!newest) return { pages: [{ messages: [message], nextCursor: null }], pageParams: [null] };
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
}

export function upsertMessage(queryClient: QueryClient, message: Message): void {
  queryClient.setQueryData<MessagePages>(queryKeyOf(messagesRoute, { params: { matchId: message.matchId } }), (data) =>
    data ? withMessage(data, message) : data,
  );
}

export function setMessageReactions(
  queryClient: QueryClient,
  matchId: string,
  messageId: string,
  reactions: ReactionGroup[],
): void {
  queryClient.setQueryData<MessagePages>(queryKeyOf(messagesRoute, { params: { matchId } }), (data) =>
    data ? mapMessages(data, (m) => (m.id === messageId ? { ...m, reactions } : m)) : data,
  );
}

export function setMessageRead(queryClient: QueryClient, matchId: string, messageId: string, readAt: string): void {
  queryClient.setQueryData<MessagePages>(queryKeyOf(messagesRoute, { params: { matchId } }), (data) =>
    data ? mapMessages(data, (m) => (m.id === messageId && !m.readAt ? { ...m, readAt } : m)) : data,
  );
}

/** A view-once photo opened or a voice note played: both members' copies of the message follow. */
export function setMessageMedia(queryClient: QueryClient, state: MediaState): void {
  queryClient.setQueryData<MessagePages>(queryKeyOf(messagesRoute, { params: { matchId: state.matchId } }), (data) =>
    data
      ? mapMessages(data, (m) =>
          m.id === state.messageId && m.media
            ? {
                ...m,
                media: { ...m.media, openedAt: state.openedAt, playedAt: state.playedAt, available: state.available },
              }
            : m,
        )
      : data,
  );
}

/**
 * Product §4 toggle on the grouped counts: the user's own emoji is removed, any other is added.
 * Groups stay in REACTION_EMOJI order, like the server sends them.
 */
export function toggledReactions(groups: ReactionGroup[], emoji: ReactionEmoji, userId: string): ReactionGroup[] {
  const current = groups.find((g) => g.emoji === emoji);
  let next: ReactionGroup[];
  if (current?.reactedByMe) {
    const userIds = current.userIds.filter((id) => id !== userId);
    next = groups
      .map((g) => (g.emoji === emoji ? { ...g, userIds, count: userIds.length, reactedByMe: false } : g))
      .filter((g) => g.count > 0);
  } else if (current) {
    next = groups.map((g) =>
      g.emoji === emoji ? { ...g, userIds: [...g.userIds, userId], count: g.count + 1, reactedByMe: true } : g,
    );
  } else {
    next = [...groups, { emoji, count: 1, userIds: [userId], reactedByMe: true }];
  }
  return next.sort((a, b) => REACTION_EMOJI.indexOf(a.emoji) - REACTION_EMOJI.indexOf(b.emoji));
}

/**
 * A frame reports a change already committed, so a refetch that is still in flight may have read the row
 * before it and would overwrite the patch when it lands: start that conversation's fetch again instead.
 */
function refetchIfStale(queryClient: QueryClient, matchId: string): void {
  const queryKey = queryKeyOf(messagesRoute, { params: { matchId } });
  if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Product §4 cache rules for incoming frames. A `message` frame carries the stored message, so it is
 * shown at once and the conversation is then refetched as the spec asks.
 */
export function syncCacheWithFrame(queryClient: QueryClient, frame: ServerFrame): void {
  switch (frame.type) {
    case 'message':
      upsertMessage(queryClient, frame.message);
      void queryClient.invalidateQueries({
        queryKey: queryKeyOf(messagesRoute, { params: { matchId: frame.matchId } }),
      });
      // Previews and unread counts in the chat list.
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
      return;
    case 'reactions':
      // Either member's reaction, live: the frame carries the groups as they now stand.
      setMessageReactions(queryClient, frame.matchId, frame.messageId, frame.reactions);
      refetchIfStale(queryClient, frame.matchId);
      return;
    case 'online_status':
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
      return;
    case 'read_receipt':
      setMessageRead(queryClient, frame.matchId, frame.messageId, frame.readAt);
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(messagesRoute) });
      // She read it on another device: the unread counts (chat list, Chats tab, app badge) follow.
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
      return;
    case 'media_state':
      setMessageMedia(queryClient, frame);
      refetchIfStale(queryClient, frame.matchId);
      return;
    case 'match_ended':
      // Unmatched (by either member): the conversation is gone for both.
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
      return;
    case 'connected':
      // Anything sent while this socket was away is only in the API: refetch what is on screen.
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(messagesRoute) });
      void queryClient.invalidateQueries({ queryKey: queryKeyOf(matchListRoute) });
      return;
    default:
      return;
  }
}

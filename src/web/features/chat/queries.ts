import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { chatApi } from '../../../contract/api/chat';
import { matchesApi } from '../../../contract/api/matches';
import { type MessagePage } from '../../../contract/chat';
import { type Match } from '../../../contract/matches';
import { apiCall } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-key';

/** One match from the list (which carries the other member's public profile and presence). */
export function useMatch(matchId: string) {
  return useQuery({
    queryKey: queryKeyOf(matchesApi.list),
    queryFn: () => apiCall(matchesApi.list),
    select: (matches): Match | null => matches.find((m) => m.id === matchId) ?? null,
  });
}

/** Newest page first; `fetchNextPage` loads the page before the oldest one shown. */
export function useMessages(matchId: string) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(chatApi.listMessages, { params: { matchId } }),
    queryFn: ({ pageParam }): Promise<MessagePage> => {
      return apiCall(chatApi.listMessages, { params: { matchId }, query: pageParam ? { cursor: pageParam } : {} });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * A generated set; `refetch()` generates a new one, the current set staying on screen while it loads. Used
 * only by the starter card, which shows only while the conversation is empty, so nothing is generated for a
 * conversation that has begun.
 */
export function useIcebreakers(matchId: string) {
  return useQuery({
    queryKey: queryKeyOf(chatApi.icebreakers, { params: { matchId } }),
    // Generating stores the set, so it is a POST (chatApi.icebreakers); GET only reads the stored one.
    queryFn: () => apiCall(chatApi.icebreakers, { params: { matchId } }),
  });
}

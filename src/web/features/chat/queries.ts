import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { icebreakerList, messagePage, type MessagePage } from '../../../contract/chat';
import { matchList, type Match } from '../../../contract/matches';
import { api } from '../../lib/api';
import { chatKeys } from './chat-cache';

export function useMatches() {
  return useQuery({
    queryKey: chatKeys.matches,
    queryFn: () => api.get('/api/matches', matchList),
  });
}

/** One match from the list (which carries the other member's public profile and presence). */
export function useMatch(matchId: string) {
  return useQuery({
    queryKey: chatKeys.matches,
    queryFn: () => api.get('/api/matches', matchList),
    select: (matches): Match | null => matches.find((m) => m.id === matchId) ?? null,
  });
}

/** Newest page first; `fetchNextPage` loads the page before the oldest one shown. */
export function useMessages(matchId: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(matchId),
    queryFn: ({ pageParam }): Promise<MessagePage> => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      return api.get(`/api/messages/${encodeURIComponent(matchId)}${query}`, messagePage);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * Spec 7: a new `round` gets a new set. Used only by the starter card, which shows only while the
 * conversation is empty, so nothing is generated for a conversation that has begun.
 */
export function useIcebreakers(matchId: string, round: number) {
  return useQuery({
    queryKey: chatKeys.icebreakers(matchId, round),
    queryFn: () => api.get(`/api/icebreakers/generate/${encodeURIComponent(matchId)}`, icebreakerList),
    // The current set stays on screen while a refresh loads.
    placeholderData: keepPreviousData,
  });
}

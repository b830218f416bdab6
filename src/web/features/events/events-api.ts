import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventsApi } from '../../../contract/api/events';
import type { CreateEventBody, EventReportBody, EventScope } from '../../../contract/events';
import { apiCall } from '../../lib/api';

const EVENTS_QUERY_PREFIX = ['/api/events'] as const;
const eventsKey = (scope: EventScope) => [...EVENTS_QUERY_PREFIX, { scope }] as const;
const attendeesKey = (eventId: string) => [...EVENTS_QUERY_PREFIX, eventId, 'attendees'] as const;

export function useEvents(scope: EventScope) {
  return useInfiniteQuery({
    queryKey: eventsKey(scope),
    queryFn: ({ pageParam }) =>
      apiCall(eventsApi.list, { query: { scope, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAttendees(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: attendeesKey(eventId),
    queryFn: () => apiCall(eventsApi.attendees, { params: { id: eventId } }),
    enabled,
  });
}

/** Every change to one meetup refreshes the lists (counts, spots, badges) and its guest list. */
function useEventMutation<A>(run: (arg: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EVENTS_QUERY_PREFIX }),
  });
}

export const useCreateEvent = () => useEventMutation((body: CreateEventBody) => apiCall(eventsApi.create, { body }));
export const useJoinEvent = () =>
  useEventMutation((id: string) => apiCall(eventsApi.join, { params: { id }, body: {} }));
export const useLeaveEvent = () => useEventMutation((id: string) => apiCall(eventsApi.leave, { params: { id } }));
export const useCancelEvent = () => useEventMutation((id: string) => apiCall(eventsApi.cancel, { params: { id } }));

/** A report about a meetup goes to the safety team against its host; nothing on screen changes. */
export const reportEvent = (id: string, body: EventReportBody) => apiCall(eventsApi.report, { params: { id }, body });

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eventsApi } from '../../../contract/api/events';
import type { CreateEventBody, EventReportBody, EventScope } from '../../../contract/events';
import { apiCall } from '../../lib/api';
import { invalidateRoutes, queryKeyOf } from '../../lib/query-key';

export function useEvents(scope: EventScope) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(eventsApi.list, { query: { scope } }),
    queryFn: ({ pageParam }) =>
      apiCall(eventsApi.list, { query: { scope, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAttendees(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(eventsApi.attendees, { params: { id: eventId } }),
    queryFn: () => apiCall(eventsApi.attendees, { params: { id: eventId } }),
    enabled,
  });
}

/** Every change to one meetup refreshes the lists (counts, spots, badges) and its guest list. */
function useEventMutation<A>(run: (arg: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => invalidateRoutes(queryClient, [eventsApi.list, eventsApi.attendees]),
  });
}

export const useCreateEvent = () => useEventMutation((body: CreateEventBody) => apiCall(eventsApi.create, { body }));
export const useJoinEvent = () =>
  useEventMutation((id: string) => apiCall(eventsApi.join, { params: { id }, body: {} }));
export const useLeaveEvent = () => useEventMutation((id: string) => apiCall(eventsApi.leave, { params: { id } }));
export const useCancelEvent = () => useEventMutation((id: string) => apiCall(eventsApi.cancel, { params: { id } }));

/** A report about a meetup goes to the safety team against its host; nothing on screen changes. */
export const reportEvent = (id: string, body: EventReportBody) => apiCall(eventsApi.report, { params: { id }, body });

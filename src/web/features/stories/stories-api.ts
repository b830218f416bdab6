import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { storiesApi, storiesModerationApi } from '../../../contract/api/stories';
import { teasApi } from '../../../contract/api/teas';
import type {
  CreateReplyBody,
  CreateStoryBody,
  ReportStoryBody,
  StoryPage,
  TeaCategory,
} from '../../../contract/stories';
import { apiCall } from '../../lib/api';
import { invalidateRoutes, queryKeyOf } from '../../lib/query-key';

/**
 * Everything Tea shows her, its tea tab's reads too (named by their declarations: features never import each other):
 * a share, a delete, a reply or a Premium change refreshes it all.
 */
const TEA_READS = [
  storiesApi.stats,
  storiesApi.listStories,
  teasApi.varieties,
  teasApi.listReviews,
  storiesApi.listReplies,
];
export const refreshTea = (queryClient: QueryClient) => invalidateRoutes(queryClient, TEA_READS);

/** The moderation console's Tea queues: an action on a story or a reply refreshes both. */
const TEA_MODERATION_READS = [storiesModerationApi.listStories, storiesModerationApi.listReplies];

/** Tea's numbers: Premium only on the server, so asked only when she has Premium (no 403 on a free visit). */
export function useTeaStats(enabled = true) {
  return useQuery({ queryKey: queryKeyOf(storiesApi.stats), queryFn: () => apiCall(storiesApi.stats), enabled });
}

export function useStories(category: TeaCategory | null) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(storiesApi.listStories, { query: { category: category ?? undefined } }),
    queryFn: ({ pageParam }) =>
      apiCall(storiesApi.listStories, {
        query: { ...(category ? { category } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useShareStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStoryBody) => apiCall(storiesApi.createStory, { body }),
    onSuccess: () => refreshTea(queryClient),
  });
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(storiesApi.deleteStory, { params: { id } }),
    // Offline, fail at once (her dialog stays, Cancel works) rather than wait unseen and delete later by itself.
    networkMode: 'always',
    onSuccess: () => refreshTea(queryClient),
  });
}

export function useReportStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportStoryBody }) =>
      apiCall(storiesApi.reportStory, { params: { id }, body }),
    // After a 409 (she reported it on another device) too: the feed then leaves it out.
    onSettled: () => refreshTea(queryClient),
  });
}

/** Support toggles in every cached list at once with the server's answer, and the tiles refresh. */
export function useToggleSupport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(storiesApi.toggleSupport, { params: { id } }),
    onSuccess: async (result, id) => {
      queryClient.setQueriesData<InfiniteData<StoryPage>>({ queryKey: queryKeyOf(storiesApi.listStories) }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                stories: page.stories.map((s) =>
                  s.id === id ? { ...s, supportCount: result.supportCount, supportedByMe: result.supported } : s,
                ),
              })),
            }
          : data,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(storiesApi.stats) });
    },
  });
}

/* Replies: a story's thread, loaded when she opens it (oldest first, a page at a time). */

export function useReplies(storyId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(storiesApi.listReplies, { params: { id: storyId } }),
    queryFn: ({ pageParam }) =>
      apiCall(storiesApi.listReplies, { params: { id: storyId }, query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** A reply changes the thread, the story's reply count and the stats: refresh all of Tea. */
export function useCreateReply(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReplyBody) => apiCall(storiesApi.createReply, { params: { id: storyId }, body }),
    onSuccess: () => refreshTea(queryClient),
  });
}

export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(storiesApi.deleteReply, { params: { id } }),
    onSuccess: () => refreshTea(queryClient),
  });
}

export function useReportReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportStoryBody }) =>
      apiCall(storiesApi.reportReply, { params: { id }, body }),
    // After a 409 (she already reported it) too: the thread then shows it as reported.
    onSettled: () => refreshTea(queryClient),
  });
}

/* The moderation console's Tea queue. */

export function useTeaModerationQueue() {
  return useQuery({
    queryKey: queryKeyOf(storiesModerationApi.listStories),
    queryFn: () => apiCall(storiesModerationApi.listStories),
  });
}

export function useModerateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'hide' | 'restore' | 'delete' }) => {
      if (action === 'hide') await apiCall(storiesModerationApi.hideStory, { params: { id } });
      else if (action === 'restore') await apiCall(storiesModerationApi.restoreStory, { params: { id } });
      else await apiCall(storiesModerationApi.deleteStory, { params: { id } });
    },
    onSuccess: () => invalidateRoutes(queryClient, TEA_MODERATION_READS),
  });
}

export function useTeaReplyModerationQueue() {
  return useQuery({
    queryKey: queryKeyOf(storiesModerationApi.listReplies),
    queryFn: () => apiCall(storiesModerationApi.listReplies),
  });
}

export function useModerateReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'hide' | 'restore' | 'delete' }) => {
      if (action === 'hide') await apiCall(storiesModerationApi.hideReply, { params: { id } });
      else if (action === 'restore') await apiCall(storiesModerationApi.restoreReply, { params: { id } });
      else await apiCall(storiesModerationApi.deleteReply, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(storiesModerationApi.listReplies) }),
  });
}

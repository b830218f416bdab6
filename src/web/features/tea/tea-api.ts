import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { teaApi, teaModerationApi } from '../../../contract/api/tea';
import type {
  CreateReplyBody,
  CreateReviewBody,
  CreateStoryBody,
  ReportStoryBody,
  StoryPage,
  TeaCategory,
} from '../../../contract/tea';
import { apiCall } from '../../lib/api';
import { invalidateRoutes, queryKeyOf } from '../../lib/query-key';

/** Everything Tea shows her: a share, a delete, a reply or a Premium change refreshes it all. */
const TEA_READS = [teaApi.stats, teaApi.listStories, teaApi.varieties, teaApi.listReviews, teaApi.listReplies];
export const refreshTea = (queryClient: QueryClient) => invalidateRoutes(queryClient, TEA_READS);

/** The moderation console's Tea queues: an action on a story or a reply refreshes both. */
const TEA_MODERATION_READS = [teaModerationApi.listStories, teaModerationApi.listReplies];

/** Tea's numbers: Premium only on the server, so asked only when she has Premium (no 403 on a free visit). */
export function useTeaStats(enabled = true) {
  return useQuery({ queryKey: queryKeyOf(teaApi.stats), queryFn: () => apiCall(teaApi.stats), enabled });
}

export function useStories(category: TeaCategory | null) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(teaApi.listStories, { query: { category: category ?? undefined } }),
    queryFn: ({ pageParam }) =>
      apiCall(teaApi.listStories, {
        query: { ...(category ? { category } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useShareStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStoryBody) => apiCall(teaApi.createStory, { body }),
    onSuccess: () => refreshTea(queryClient),
  });
}

export function useDeleteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(teaApi.deleteStory, { params: { id } }),
    onSuccess: () => refreshTea(queryClient),
  });
}

export function useReportStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportStoryBody }) =>
      apiCall(teaApi.reportStory, { params: { id }, body }),
    onSuccess: () => refreshTea(queryClient),
  });
}

/** Support toggles in every cached list at once with the server's answer, and the tiles refresh. */
export function useToggleSupport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(teaApi.toggleSupport, { params: { id } }),
    onSuccess: async (result, id) => {
      queryClient.setQueriesData<InfiniteData<StoryPage>>({ queryKey: queryKeyOf(teaApi.listStories) }, (data) =>
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
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(teaApi.stats) });
    },
  });
}

/* Replies: a story's thread, loaded when she opens it (oldest first, a page at a time). */

export function useReplies(storyId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: queryKeyOf(teaApi.listReplies, { params: { id: storyId } }),
    queryFn: ({ pageParam }) =>
      apiCall(teaApi.listReplies, { params: { id: storyId }, query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
  });
}

/** A reply changes the thread, the story's reply count and the stats: refresh all of Tea. */
export function useCreateReply(storyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReplyBody) => apiCall(teaApi.createReply, { params: { id: storyId }, body }),
    onSuccess: () => refreshTea(queryClient),
  });
}

export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(teaApi.deleteReply, { params: { id } }),
    onSuccess: () => refreshTea(queryClient),
  });
}

export function useReportReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReportStoryBody }) =>
      apiCall(teaApi.reportReply, { params: { id }, body }),
    // After a 409 (she already reported it) too: the thread then shows it as reported.
    onSettled: () => refreshTea(queryClient),
  });
}

export function useVarieties() {
  return useQuery({
    queryKey: queryKeyOf(teaApi.varieties),
    queryFn: () => apiCall(teaApi.varieties),
    staleTime: Infinity,
  });
}

export function useReviews(teaId: string) {
  return useQuery({
    queryKey: queryKeyOf(teaApi.listReviews, { query: { teaId } }),
    queryFn: () => apiCall(teaApi.listReviews, { query: { teaId } }),
  });
}

export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => apiCall(teaApi.saveReview, { body }),
    onSuccess: (review) =>
      queryClient.invalidateQueries({ queryKey: queryKeyOf(teaApi.listReviews, { query: { teaId: review.teaId } }) }),
  });
}

export function useToggleReviewLike(teaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(teaApi.toggleReviewLike, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(teaApi.listReviews, { query: { teaId } }) }),
  });
}

/* The moderation console's Tea queue. */

export function useTeaModerationQueue() {
  return useQuery({
    queryKey: queryKeyOf(teaModerationApi.listStories),
    queryFn: () => apiCall(teaModerationApi.listStories),
  });
}

export function useModerateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'hide' | 'restore' | 'delete' }) => {
      if (action === 'hide') await apiCall(teaModerationApi.hideStory, { params: { id } });
      else if (action === 'restore') await apiCall(teaModerationApi.restoreStory, { params: { id } });
      else await apiCall(teaModerationApi.deleteStory, { params: { id } });
    },
    onSuccess: () => invalidateRoutes(queryClient, TEA_MODERATION_READS),
  });
}

export function useTeaReplyModerationQueue() {
  return useQuery({
    queryKey: queryKeyOf(teaModerationApi.listReplies),
    queryFn: () => apiCall(teaModerationApi.listReplies),
  });
}

export function useModerateReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'hide' | 'restore' | 'delete' }) => {
      if (action === 'hide') await apiCall(teaModerationApi.hideReply, { params: { id } });
      else if (action === 'restore') await apiCall(teaModerationApi.restoreReply, { params: { id } });
      else await apiCall(teaModerationApi.deleteReply, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(teaModerationApi.listReplies) }),
  });
}

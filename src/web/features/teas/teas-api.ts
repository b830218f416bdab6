import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teasApi } from '../../../contract/api/teas';
import type { CreateReviewBody } from '../../../contract/teas';
import { apiCall } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-key';

export function useVarieties() {
  return useQuery({
    queryKey: queryKeyOf(teasApi.varieties),
    queryFn: () => apiCall(teasApi.varieties),
    staleTime: Infinity,
  });
}

export function useReviews(teaId: string) {
  return useQuery({
    queryKey: queryKeyOf(teasApi.listReviews, { query: { teaId } }),
    queryFn: () => apiCall(teasApi.listReviews, { query: { teaId } }),
  });
}

export function useSaveReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => apiCall(teasApi.saveReview, { body }),
    onSuccess: (review) =>
      queryClient.invalidateQueries({ queryKey: queryKeyOf(teasApi.listReviews, { query: { teaId: review.teaId } }) }),
  });
}

export function useToggleReviewLike(teaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(teasApi.toggleReviewLike, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(teasApi.listReviews, { query: { teaId } }) }),
  });
}

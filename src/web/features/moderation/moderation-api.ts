import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationApi } from '../../../contract/api/moderation';
import { storiesModerationApi } from '../../../contract/api/stories';
import type { ModerationActionBody } from '../../../contract/moderation';
import { apiCall } from '../../lib/api';
import { invalidateRoutes, queryKeyOf } from '../../lib/query-key';

/** Every moderation queue: an action on a member can change any of them (her Tea posts too). */
const MODERATION_READS = [
  moderationApi.reportQueue,
  moderationApi.memberCase,
  moderationApi.auditLog,
  storiesModerationApi.listStories,
  storiesModerationApi.listReplies,
];

export function useReportQueue() {
  return useQuery({
    queryKey: queryKeyOf(moderationApi.reportQueue),
    queryFn: () => apiCall(moderationApi.reportQueue),
  });
}

export function useMemberCase(id: string | null) {
  return useQuery({
    queryKey: queryKeyOf(moderationApi.memberCase, { params: { id: id ?? '' } }),
    queryFn: () => apiCall(moderationApi.memberCase, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

export function useAuditLog() {
  return useQuery({
    queryKey: queryKeyOf(moderationApi.auditLog),
    queryFn: () => apiCall(moderationApi.auditLog, { query: {} }),
  });
}

export function useModerate(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => apiCall(moderationApi.act, { params: { id: memberId }, body }),
    onSettled: () => invalidateRoutes(queryClient, MODERATION_READS),
  });
}

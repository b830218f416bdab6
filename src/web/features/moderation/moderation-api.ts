import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moderationApi } from '../../../contract/api/moderation';
import type { ModerationActionBody } from '../../../contract/moderation';
import { apiCall } from '../../lib/api';

const moderationKeys = {
  all: ['moderation'] as const,
  queue: ['moderation', 'queue'] as const,
  member: (id: string) => ['moderation', 'member', id] as const,
  audit: ['moderation', 'audit'] as const,
};

export function useReportQueue() {
  return useQuery({ queryKey: moderationKeys.queue, queryFn: () => apiCall(moderationApi.reportQueue) });
}

export function useMemberCase(id: string | null) {
  return useQuery({
    queryKey: moderationKeys.member(id ?? ''),
    queryFn: () => apiCall(moderationApi.memberCase, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}

export function useAuditLog() {
  return useQuery({ queryKey: moderationKeys.audit, queryFn: () => apiCall(moderationApi.auditLog, { query: {} }) });
}

export function useModerate(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => apiCall(moderationApi.act, { params: { id: memberId }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}

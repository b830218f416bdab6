import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { safetyApi } from '../../../contract/api/safety';
import type { CreateReportBody } from '../../../contract/safety';
import { apiCall } from '../../lib/api';

export const safetyKeys = {
  all: ['safety'] as const,
  summary: (userId: string) => ['safety', 'summary', userId] as const,
  reports: (userId: string) => ['safety', 'reports', userId] as const,
  blocks: (userId: string) => ['safety', 'blocks', userId] as const,
};

export function useSafetySummary(userId: string) {
  return useQuery({
    queryKey: safetyKeys.summary(userId),
    queryFn: () => apiCall(safetyApi.summary, { params: { userId } }),
  });
}

export function useFiledReports(userId: string) {
  return useQuery({
    queryKey: safetyKeys.reports(userId),
    queryFn: () => apiCall(safetyApi.listReports, { params: { userId } }),
  });
}

export function useBlocks(userId: string, enabled = true) {
  return useQuery({
    queryKey: safetyKeys.blocks(userId),
    queryFn: () => apiCall(safetyApi.listBlocks, { params: { userId } }),
    enabled,
  });
}

export function useFileReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportBody) => apiCall(safetyApi.report, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: safetyKeys.all }),
  });
}

export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockedUsername: string) => apiCall(safetyApi.block, { body: { blockedUsername } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: safetyKeys.all }),
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => apiCall(safetyApi.unblock, { params: { id: blockId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: safetyKeys.all }),
  });
}

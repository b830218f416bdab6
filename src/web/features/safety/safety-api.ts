import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { safetyApi } from '../../../contract/api/safety';
import type { CreateReportBody } from '../../../contract/safety';
import { apiCall } from '../../lib/api';
import type { PickablePerson } from '../../components/report-dialog';
import { discoveryApi } from '../../../contract/api/discovery';
import type { PersonMet } from '../../../contract/discovery';

const safetyKeys = {
  all: ['safety'] as const,
  peopleMet: ['safety', 'people-met'] as const,
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

const HOW_MET: Record<PersonMet['how'], MessageDescriptor> = {
  chatted: msg`Chatted`,
  matched: msg`Matched`,
  seen_recently: msg`Seen recently`,
};

/**
 * People she can pick in the Safety Center's Report and Block forms: those she chatted with, her
 * other matches, then people she saw in Discover in the last two weeks (the server's order). Read
 * only while a form is open.
 */
export function usePickablePeople(enabled: boolean): PickablePerson[] {
  const { i18n } = useLingui();
  const people = useQuery({
    queryKey: safetyKeys.peopleMet,
    queryFn: () => apiCall(discoveryApi.peopleMet),
    enabled,
  });
  return (people.data?.people ?? []).map((p) => ({
    id: p.id,
    name: p.firstName,
    context: i18n._(HOW_MET[p.how]),
    photo: p.photo,
  }));
}

/** Block by a picked id, or by username (the fallback). */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (who: { blockedUserId: string } | { blockedUsername: string }) =>
      apiCall(safetyApi.block, { body: who }),
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

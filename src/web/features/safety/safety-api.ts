import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { safetyApi } from '../../../contract/api/safety';
import type { CreateReportBody } from '../../../contract/safety';
import { apiCall } from '../../lib/api';
import { invalidateRoutes, queryKeyOf } from '../../lib/query-key';
import type { PickablePerson } from '../../components/report-dialog';
import { discoveryApi } from '../../../contract/api/discovery';
import type { PersonMet } from '../../../contract/discovery';

/** What the Safety Center shows: a report, a block or an unblock refreshes it all. */
const SAFETY_READS = [safetyApi.summary, safetyApi.listReports, safetyApi.listBlocks, discoveryApi.peopleMet];

export function useSafetySummary(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(safetyApi.summary, { params: { userId } }),
    queryFn: () => apiCall(safetyApi.summary, { params: { userId } }),
  });
}

export function useFiledReports(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(safetyApi.listReports, { params: { userId } }),
    queryFn: () => apiCall(safetyApi.listReports, { params: { userId } }),
  });
}

export function useBlocks(userId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeyOf(safetyApi.listBlocks, { params: { userId } }),
    queryFn: () => apiCall(safetyApi.listBlocks, { params: { userId } }),
    enabled,
  });
}

export function useFileReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportBody) => apiCall(safetyApi.report, { body }),
    // Offline, fail at once (her form stays as she wrote it) rather than wait, unseen, and file later by itself.
    networkMode: 'always',
    onSettled: () => invalidateRoutes(queryClient, SAFETY_READS),
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
    queryKey: queryKeyOf(discoveryApi.peopleMet),
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
    networkMode: 'always',
    onSettled: () => invalidateRoutes(queryClient, SAFETY_READS),
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => apiCall(safetyApi.unblock, { params: { id: blockId } }),
    networkMode: 'always',
    onSettled: () => invalidateRoutes(queryClient, SAFETY_READS),
  });
}

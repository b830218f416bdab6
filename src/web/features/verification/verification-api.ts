import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { verificationApi } from '../../../contract/api/verification';
import type { SocialHandlesBody, VerificationRecord } from '../../../contract/verification';
import { apiCall } from '../../lib/api';
import { apiUpload } from '../../lib/api-upload';
import { invalidateRoutes, queryKeyOf } from '../../lib/query-key';

/** While her photos are analysed in the background, the record (and its photo check) is asked for again this often. */
const ANALYSIS_POLL_MS = 1500;

export function useVerificationRecord(userId: string) {
  return useQuery({
    queryKey: queryKeyOf(verificationApi.record, { params: { id: userId } }),
    queryFn: () => apiCall(verificationApi.record, { params: { id: userId } }),
    refetchInterval: (query) =>
      query.state.data?.photoCheck.state === 'analyzing' && !query.state.error ? ANALYSIS_POLL_MS : false,
  });
}

function useRecordUpdate(userId: string) {
  const queryClient = useQueryClient();
  return (record: VerificationRecord) =>
    queryClient.setQueryData(queryKeyOf(verificationApi.record, { params: { id: userId } }), record);
}

/** Runs the check; its answer is her record's photo check, so the record is refreshed, never patched here. */
export function useAnalyzePhotos(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(verificationApi.analyzePhotos, { params: { id: userId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeyOf(verificationApi.record, { params: { id: userId } }) }),
  });
}

export function useRequestVerification(userId: string) {
  const update = useRecordUpdate(userId);
  return useMutation({
    mutationFn: () => apiCall(verificationApi.request, { params: { id: userId } }),
    onSuccess: (result) => update(result.record),
  });
}

export function useUploadSelfie(userId: string) {
  const update = useRecordUpdate(userId);
  return useMutation({
    mutationFn: (file: File) => apiUpload(verificationApi.uploadSelfie, { params: { id: userId } }, file),
    onSuccess: update,
  });
}

export function useSaveSocialHandles(userId: string) {
  const update = useRecordUpdate(userId);
  return useMutation({
    mutationFn: (body: SocialHandlesBody) =>
      apiCall(verificationApi.saveSocialHandles, { params: { id: userId }, body }),
    onSuccess: update,
  });
}

export function useSocialVisibility(userId: string) {
  const update = useRecordUpdate(userId);
  return useMutation({
    mutationFn: (showSocialHandles: boolean) =>
      apiCall(verificationApi.setSocialVisibility, { params: { id: userId }, body: { showSocialHandles } }),
    onSuccess: update,
  });
}

export function useVerificationQueue() {
  return useQuery({ queryKey: queryKeyOf(verificationApi.queue), queryFn: () => apiCall(verificationApi.queue) });
}

export function useVerificationReview(requestId: string) {
  return useQuery({
    queryKey: queryKeyOf(verificationApi.review, { params: { id: requestId } }),
    queryFn: () => apiCall(verificationApi.review, { params: { id: requestId } }),
  });
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, note }: { id: string; approve: boolean; note: string }) =>
      approve
        ? apiCall(verificationApi.approve, { params: { id }, body: note ? { note } : {} })
        : apiCall(verificationApi.reject, { params: { id }, body: { note } }),
    // The queue and every request opened from it.
    onSuccess: () => invalidateRoutes(queryClient, [verificationApi.queue, verificationApi.review]),
  });
}

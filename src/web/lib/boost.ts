import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi } from '../../contract/api/billing';
import { apiCall } from './api';
import { BOOST_QUERY_KEY } from './query-keys';

/** Profile Boost (Premium): shared by billing and Discover's quick actions, so it lives here. */

export function useBoostStatus(enabled: boolean) {
  return useQuery({ queryKey: BOOST_QUERY_KEY, queryFn: () => apiCall(billingApi.boostStatus), enabled });
}

export function useStartBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(billingApi.boost),
    onSuccess: (status) => queryClient.setQueryData(BOOST_QUERY_KEY, status),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, lazyDeclarations } from './api';
import { BOOST_QUERY_KEY } from './query-keys';

const api = lazyDeclarations(() => import('../../contract/api/billing'));

/** Profile Boost (Premium): shared by billing and Discover's quick actions, so it lives here. */

export function useBoostStatus(enabled: boolean) {
  return useQuery({
    queryKey: BOOST_QUERY_KEY,
    queryFn: async () => apiCall((await api()).billingApi.boostStatus),
    enabled,
  });
}

export function useStartBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => apiCall((await api()).billingApi.boost),
    onSuccess: (status) => queryClient.setQueryData(BOOST_QUERY_KEY, status),
  });
}

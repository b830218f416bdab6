import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { billingApi } from '../../contract/api/billing';
import { apiCall, lazyDeclarations } from './api';
import { queryKeyOf, routeRef } from './query-key';

const api = lazyDeclarations(() => import('../../contract/api/billing'));
const boostStatusRoute = routeRef<typeof billingApi.boostStatus>('GET', '/api/boost');

/** Profile Boost (Premium): shared by billing and Discover's quick actions, so it lives here. */

/**
 * Whole minutes left, rounded to the nearest (at least 1): a boost of 30 minutes reads "30 min left" when it
 * starts, never 31 (rounding up added the milliseconds the answer took, and a clock read before the start).
 */
export function boostMinutesLeft(until: string, now: number): number {
  return Math.max(1, Math.round((Date.parse(until) - now) / 60_000));
}

export function useBoostStatus(enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(boostStatusRoute),
    queryFn: async () => apiCall((await api()).billingApi.boostStatus),
    enabled,
  });
}

export function useStartBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => apiCall((await api()).billingApi.boost),
    // Offline, fail at once (a toast) rather than wait for the network and spend the boost by itself later.
    networkMode: 'always',
    onSuccess: (status) => queryClient.setQueryData(queryKeyOf(boostStatusRoute), status),
    // Refused (already boosted from another device, or used today): the tile catches up with the server.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(boostStatusRoute) }),
  });
}

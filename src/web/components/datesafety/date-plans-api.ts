import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { datesafetyApi } from '../../../contract/api/datesafety';
import type { CreateDatePlanBody, DatePlan } from '../../../contract/datesafety';
import { apiCall, lazyDeclarations } from '../../lib/api';
import { queryKeyOf, routeRef } from '../../lib/query-key';

// The banner is on every signed-in screen: the declarations (and zod) load on first use, not with the shell.
const api = lazyDeclarations(() => import('../../../contract/api/datesafety'));

/** Her running date plans: the banner reads them; sharing, "I'm safe" and cancel refresh them. */
const activePlansRoute = routeRef<typeof datesafetyApi.active>('GET', '/api/date-plans');

/** The plan she is on now: one still checking on her (active) or whose contacts were alerted. */
export const runningPlan = (plans: readonly DatePlan[] | undefined) =>
  plans?.find((plan) => plan.status === 'active' || plan.status === 'alerted');

export function useActiveDatePlans() {
  return useQuery({
    queryKey: queryKeyOf(activePlansRoute),
    queryFn: async () => (await apiCall((await api()).datesafetyApi.active)).plans,
    staleTime: 60_000,
  });
}

export function useShareDatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateDatePlanBody) => apiCall((await api()).datesafetyApi.create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(activePlansRoute) }),
  });
}

export function usePlanAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'safe' | 'cancel' }) => {
      const { datesafetyApi } = await api();
      return apiCall(action === 'safe' ? datesafetyApi.safe : datesafetyApi.cancel, { params: { id } });
    },
    // Offline, fail at once and say so: a check-in held unseen until the network returns could let an alert go out.
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf(activePlansRoute) }),
  });
}

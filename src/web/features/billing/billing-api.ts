import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi } from '../../../contract/api/billing';
import type { ConfirmPaymentBody, PlanType } from '../../../contract/billing';
import { apiCall } from '../../lib/api';
import { BOOST_QUERY_KEY } from '../../lib/query-keys';
import { useAuth } from '../../lib/session';

/** Billing on the web: one hook per declared route, all through apiCall. */

const SUBSCRIPTION_KEY = ['billing', 'subscription'] as const;

export function useBillingConfig() {
  return useQuery({ queryKey: ['billing', 'config'], queryFn: () => apiCall(billingApi.config) });
}

export function useSubscriptionDetails() {
  return useQuery({ queryKey: SUBSCRIPTION_KEY, queryFn: () => apiCall(billingApi.subscription) });
}

/** The payment form's secret for a plan: a new one whenever the plan changes. */
export function usePaymentSecret(planType: PlanType, enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'secret', planType],
    queryFn: () => apiCall(billingApi.createSubscription, { body: { planType } }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** After anything that changes Premium: /me and the subscription are read again. */
function useRefreshPremium() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return async () => {
    await Promise.all([
      refreshUser(),
      queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
      queryClient.invalidateQueries({ queryKey: BOOST_QUERY_KEY }),
    ]);
  };
}

export function useConfirmPayment() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: (body: ConfirmPaymentBody) => apiCall(billingApi.confirm, { body }),
    onSuccess: refresh,
  });
}

export function useCancelSubscription() {
  const refresh = useRefreshPremium();
  return useMutation({ mutationFn: () => apiCall(billingApi.cancel), onSuccess: refresh });
}

export function useResumeSubscription() {
  const refresh = useRefreshPremium();
  return useMutation({ mutationFn: () => apiCall(billingApi.resume), onSuccess: refresh });
}

export function useSwitchPlan() {
  const refresh = useRefreshPremium();
  return useMutation({
    mutationFn: (planType: PlanType) => apiCall(billingApi.switchPlan, { body: { planType } }),
    onSuccess: refresh,
  });
}

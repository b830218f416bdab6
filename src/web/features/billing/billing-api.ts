import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingApi } from '../../../contract/api/billing';
import type { ConfirmPaymentBody, PlanType } from '../../../contract/billing';
import { apiCall } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-key';
import { useAuth } from '../../lib/session';

/** Billing on the web: one hook per declared route, all through apiCall. */

export function useBillingConfig() {
  return useQuery({ queryKey: queryKeyOf(billingApi.config), queryFn: () => apiCall(billingApi.config) });
}

/** Her plan and payment history; the history's lines come worded by the server, refetched when her language changes. */
export function useSubscriptionDetails() {
  return useQuery({ queryKey: queryKeyOf(billingApi.subscription), queryFn: () => apiCall(billingApi.subscription) });
}

/** The payment form's secret for a plan: a new one whenever the plan changes. */
export function usePaymentSecret(planType: PlanType, enabled: boolean) {
  return useQuery({
    queryKey: queryKeyOf(billingApi.createSubscription, { body: { planType } }),
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
      queryClient.invalidateQueries({ queryKey: queryKeyOf(billingApi.subscription) }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(billingApi.boostStatus) }),
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

import type { PaymentProcessorKind, Plan, PlanType } from '../../../../contract/billing';

/** A card, only in memory for the length of one request: never stored, never logged. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** What a charge tells us: only brand and last 4 of the card leave the processor. */
export type ChargeResult =
  | { ok: true; reference: string; cardBrand: string; cardLast4: string; paymentMethod: string }
  | { ok: false; reference: string; cardBrand: string | null; cardLast4: string | null; message: string };

interface StartedSubscription {
  clientSecret: string;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface ProviderSubscription {
  plan: PlanType;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  providerPaymentMethod: string | null;
}

/**
 * The card processor behind billing (PAYMENTS=demo|stripe). Billing's lifecycle (lifecycle.ts) is the
 * same for both: the demo processor reports its charges synchronously (confirm, renewal sweep),
 * Stripe reports them through the webhook.
 */
export interface PaymentProcessor {
  kind: PaymentProcessorKind;
  publishableKey: string | null;
  /** Creates what will be paid for and the secret the payment form confirms it with. */
  startSubscription(input: { userId: string; plan: Plan; customerId: string | null }): Promise<StartedSubscription>;
  /** An unpaid subscription replaced by a new one (a plan change before paying). */
  discardPending(subscription: ProviderSubscription): Promise<void>;
  /** Demo only: a first payment made with the card form. Stripe's Payment Element pays in the browser. */
  charge?(card: CardInput, plan: Plan, now: Date): ChargeResult;
  /** Demo only: charges the saved card at renewal. Stripe renews by itself and sends invoice.paid. */
  renew?(subscription: ProviderSubscription, plan: Plan): ChargeResult;
  setCancelAtPeriodEnd(subscription: ProviderSubscription, cancel: boolean): Promise<void>;
  /** The new plan is billed from the next renewal on. */
  schedulePlanChange(subscription: ProviderSubscription, plan: Plan): Promise<void>;
}

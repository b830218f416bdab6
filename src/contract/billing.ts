import { z } from 'zod';
import { FREE_DAILY_LIKES, FREE_WEEKLY_SUPER_LIKES, PREMIUM_WEEKLY_SUPER_LIKES } from './discovery';

/**
 * Billing: the plans, what Premium gives, and the subscription API (spec sections 2, 3, 7, 8, 9).
 * Money is integer cents everywhere; the web formats it with Intl.NumberFormat (`formatMoney`).
 */

// ---------------------------------------------------------------- plans

export const PLAN_TYPES = ['monthly', 'annual'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const DEFAULT_PLAN: PlanType = 'monthly';
export const CURRENCY = 'usd';

export interface Plan {
  type: PlanType;
  name: string;
  /** What she pays each period, in cents. */
  priceCents: number;
  /** The crossed-out regular price, in cents. */
  regularPriceCents: number | null;
  interval: 'month' | 'year';
  /** Length of one paid period, in calendar months. */
  months: number;
  /** A sale's label, when there is one. "Best Value" is not written here: `bestValuePlan` computes it. */
  badge: string | null;
  note: string;
}

export const PLANS: Readonly<Record<PlanType, Plan>> = Object.freeze({
  monthly: {
    type: 'monthly',
    name: 'Monthly',
    priceCents: 399,
    regularPriceCents: 799,
    interval: 'month',
    months: 1,
    badge: 'Launch Sale',
    note: '50% off, Limited time',
  },
  annual: {
    type: 'annual',
    name: 'Annual',
    priceCents: 5999,
    regularPriceCents: null,
    interval: 'year',
    months: 12,
    badge: null,
    note: `Equivalent to ${formatMoney(Math.round(5999 / 12))}/month`,
  },
});

/** What a plan costs per month, in cents (fractions kept, so close prices still compare right). */
export function monthlyCostCents(plan: Plan): number {
  return plan.priceCents / plan.months;
}

/** The plan that costs least per month at today's prices (the first of equals): where "Best Value" goes. */
export function bestValuePlan(plans: Readonly<Record<PlanType, Plan>> = PLANS): PlanType {
  return PLAN_TYPES.reduce((best, type) =>
    monthlyCostCents(plans[type]) < monthlyCostCents(plans[best]) ? type : best,
  );
}

function formatMoney(cents: number, currency = CURRENCY): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

// ---------------------------------------------------------------- premium features

/** Profile Boost: once a day (rolling 24 hours from the last one), for 30 minutes, 2× rank in discovery. */
export const BOOST_DURATION_MS = 30 * 60_000;
export const BOOST_COOLDOWN_MS = 24 * 60 * 60_000;
export const BOOST_RANK_MULTIPLIER = 2;

/**
 * Everything Premium unlocks, in one list: the /subscribe feature list and the /premium comparison
 * table read it, and each entry names where the server enforces it.
 */
export const PREMIUM_FEATURES = [
  {
    key: 'likes',
    title: 'Unlimited likes',
    free: `${FREE_DAILY_LIKES} a day`,
    premium: 'Unlimited',
  },
  {
    key: 'superLikes',
    title: 'More super likes',
    free: `${FREE_WEEKLY_SUPER_LIKES} a week`,
    premium: `${PREMIUM_WEEKLY_SUPER_LIKES} a week`,
  },
  { key: 'seeWhoLikedYou', title: 'See who liked you', free: 'Count only', premium: 'Names and photos' },
  { key: 'potentialMatches', title: 'Potential matches list', free: '—', premium: 'Included' },
  { key: 'ghostMode', title: 'Ghost mode', free: '—', premium: 'Included' },
  { key: 'boost', title: 'Profile Boost (2x visibility)', free: '—', premium: '30 min, once a day' },
  { key: 'undo', title: 'Undo accidental swipes', free: '—', premium: 'Included' },
  { key: 'tea', title: 'Tea community', free: '—', premium: 'Read and share stories' },
  { key: 'advancedPreferences', title: 'Advanced filters and preferences', free: 'Basic', premium: 'All' },
  { key: 'prioritySupport', title: 'Priority customer support', free: 'Standard', premium: 'First in line' },
] as const;
export type PremiumFeatureKey = (typeof PREMIUM_FEATURES)[number]['key'];

// ---------------------------------------------------------------- API shapes

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatusValue = (typeof SUBSCRIPTION_STATUSES)[number];
export const PAYMENT_PROCESSORS = ['demo', 'stripe'] as const;
export type PaymentProcessorKind = (typeof PAYMENT_PROCESSORS)[number];

const planType = z.enum(PLAN_TYPES, "Plan must be 'monthly' or 'annual'");

/** POST /api/create-subscription (product §7): the body names the acting user, as the product's API does. */
export const createSubscriptionBody = z.object({
  userId: z.uuid('Invalid user id').optional(),
  planType,
});

/** Product §3, "Subscription creation response". */
export const createSubscriptionResponse = z.object({
  clientSecret: z.string(),
  hasActiveSubscription: z.boolean(),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponse>;

const digits = (value: string) => value.replace(/[\s-]/g, '');

/**
 * POST /api/billing/confirm: the demo processor's card form. The card number and CVC are used for
 * the simulated charge and dropped: never stored, never logged.
 */
export const confirmPaymentBody = z.object({
  clientSecret: z.string().min(1, 'Missing payment secret').max(200),
  cardNumber: z
    .string('Card number is required')
    .transform(digits)
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  expMonth: z.number('Expiry month is required').int().min(1, 'Invalid expiry month').max(12, 'Invalid expiry month'),
  /** Four digits (2031) or two (31). */
  expYear: z.number('Expiry year is required').int().min(0).max(2200),
  cvc: z.string('CVC is required').regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
  name: z.string().trim().max(100).optional(),
});
export type ConfirmPaymentBody = z.input<typeof confirmPaymentBody>;

const paymentEntry = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['succeeded', 'failed']),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  description: z.string(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
});

export const boostStatus = z.object({
  /** While boosted: when it ends. */
  activeUntil: z.string().nullable(),
  /** When she may boost again (null: now, if premium). */
  nextAvailableAt: z.string().nullable(),
  available: z.boolean(),
});
export type BoostStatus = z.infer<typeof boostStatus>;

/** GET /api/billing/subscription: what /subscription and the Settings card show. */
export const subscriptionDetails = z.object({
  hasActiveSubscription: z.boolean(),
  processor: z.enum(PAYMENT_PROCESSORS),
  subscription: z
    .object({
      id: z.string(),
      planType,
      priceCents: z.number().int(),
      currency: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
      /** A grant without payment (the demo 'Test Access'). */
      isTestGrant: z.boolean(),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      /** The plan that starts at the next renewal, when she switched. */
      nextPlanType: planType.nullable(),
      cardBrand: z.string().nullable(),
      cardLast4: z.string().nullable(),
    })
    .nullable(),
  payments: z.array(paymentEntry),
  boost: boostStatus,
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetails>;

export const confirmPaymentResponse = z.object({ hasActiveSubscription: z.literal(true), planType });
export type ConfirmPaymentResponse = z.infer<typeof confirmPaymentResponse>;

export const switchPlanBody = z.object({ planType });

/** GET /api/billing/config: which payment form the web shows. */
export const billingConfig = z.object({
  processor: z.enum(PAYMENT_PROCESSORS),
  /** Stripe's publishable key, only with the stripe processor. */
  publishableKey: z.string().nullable(),
  testAccess: z.boolean(),
});
export type BillingConfig = z.infer<typeof billingConfig>;

export const webhookResponse = z.object({ received: z.literal(true), duplicate: z.boolean() });

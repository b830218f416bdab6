import { msg, t } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  CURRENCY,
  PLANS,
  type PlanType,
  type PremiumFeatureKey,
  type SubscriptionStatusValue,
} from '../../../contract/billing';
import { FREE_DAILY_LIKES, FREE_WEEKLY_SUPER_LIKES, PREMIUM_WEEKLY_SUPER_LIKES } from '../../../contract/discovery';
import { activeLocale, i18n } from '../../lib/i18n';

/**
 * Billing's words in her language. The contract's plans and feature list stay the data (codes, cents,
 * limits); their labels are here, keyed by the plan's type and the feature's key.
 */

/** Cents as money in her language's format: "$3.99" in English, "3,99 US$" in Spanish. */
export function formatMoney(cents: number, currency = CURRENCY): string {
  return new Intl.NumberFormat(activeLocale(), { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  );
}

const PLAN_NAMES: Record<PlanType, MessageDescriptor> = {
  monthly: msg`Monthly`,
  annual: msg`Annual`,
};

export const planName = (plan: PlanType): string => i18n._(PLAN_NAMES[plan]);

/** A sale's label on the plan card (the contract's `badge`), when there is one. */
export function planBadge(plan: PlanType): string | null {
  return PLANS[plan].badge === null ? null : plan === 'monthly' ? t`Launch Sale` : PLANS[plan].badge;
}

/** The line under a plan's price. */
export function planNote(plan: PlanType): string {
  if (plan === 'monthly') return t`50% off, Limited time`;
  const perMonth = formatMoney(Math.round(PLANS[plan].priceCents / PLANS[plan].months));
  return t`Equivalent to ${perMonth}/month`;
}

/** "per month" / "per year" under a plan card's price. */
export const perPeriod = (plan: PlanType): string => (PLANS[plan].interval === 'year' ? t`per year` : t`per month`);

/** A price with its period: "$3.99/month". */
export function pricePerInterval(cents: number, plan: PlanType): string {
  const price = formatMoney(cents);
  return PLANS[plan].interval === 'year' ? t`${price}/year` : t`${price}/month`;
}

/** A plan's own price with its period. */
export const perInterval = (plan: PlanType): string => pricePerInterval(PLANS[plan].priceCents, plan);

const STATUS_LABELS: Record<SubscriptionStatusValue, MessageDescriptor> = {
  incomplete: msg`Awaiting payment`,
  active: msg`Active`,
  canceled: msg`Cancelled`,
  past_due: msg`Payment failed`,
  expired: msg`Ended`,
};

export const statusLabel = (status: SubscriptionStatusValue): string => i18n._(STATUS_LABELS[status]);

/** What "—" means in the feature table: not included in that column. */
export const NOT_INCLUDED = '—';

const PREMIUM_FEATURE_TEXT: Record<
  PremiumFeatureKey,
  { title: MessageDescriptor; free: MessageDescriptor | null; premium: MessageDescriptor }
> = {
  likes: { title: msg`Unlimited likes`, free: msg`${FREE_DAILY_LIKES} a day`, premium: msg`Unlimited` },
  superLikes: {
    title: msg`More super likes`,
    free: msg`${FREE_WEEKLY_SUPER_LIKES} a week`,
    premium: msg`${PREMIUM_WEEKLY_SUPER_LIKES} a week`,
  },
  seeWhoLikedYou: { title: msg`See who liked you`, free: msg`Count only`, premium: msg`Names and photos` },
  potentialMatches: { title: msg`Potential matches list`, free: null, premium: msg`Included` },
  ghostMode: { title: msg`Ghost mode`, free: null, premium: msg`Included` },
  boost: { title: msg`Profile Boost (2x visibility)`, free: null, premium: msg`30 min, once a day` },
  undo: { title: msg`Undo accidental swipes`, free: null, premium: msg`Included` },
  tea: { title: msg`Tea community`, free: null, premium: msg`Read and share stories` },
  advancedPreferences: { title: msg`Advanced filters and preferences`, free: msg`Basic`, premium: msg`All` },
  prioritySupport: { title: msg`Priority customer support`, free: msg`Standard`, premium: msg`First in line` },
};

/** A Premium feature's title and its Free and Premium cells (Free is `NOT_INCLUDED` when it has none). */
export function featureText(key: PremiumFeatureKey): { title: string; free: string; premium: string } {
  const text = PREMIUM_FEATURE_TEXT[key];
  return {
    title: i18n._(text.title),
    free: text.free ? i18n._(text.free) : NOT_INCLUDED,
    premium: i18n._(text.premium),
  };
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Coffee, Crown, HeartHandshake, MessageSquareHeart, ShieldCheck, Sparkles } from 'lucide-react';
import { buttonClasses, Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { billingApi } from '../../../contract/api/billing';
import { CURRENCY, DEFAULT_PLAN, PLANS } from '../../../contract/billing';
import { apiCall, isApiError } from '../../lib/api';
import { useAuth, useCurrentUser } from '../../lib/session';
import { refreshTea } from './stories-api';
import { activeLocale } from '../../lib/i18n';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The default plan, from the one plan list billing charges by. */
const monthly = PLANS[DEFAULT_PLAN];

const PERIOD_LABELS: Record<typeof monthly.interval, MessageDescriptor> = { month: msg`month`, year: msg`year` };

const FEATURES = [
  { icon: MessageSquareHeart, text: msg`Read real dating stories from members of the community` },
  { icon: ShieldCheck, text: msg`Share your own experiences completely anonymously` },
  { icon: HeartHandshake, text: msg`Support others and find people who have been there too` },
  { icon: Coffee, text: msg`Review teas and discover new favourites` },
] as const;

/** Product §2: non-subscribers see the feature list, the price, /subscribe and the demo 'Test Access'. */
export function TeaPaywall() {
  const user = useCurrentUser();
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [granting, setGranting] = useState(false);
  const { t, i18n } = useLingui();
  // Prices in her locale's format ('US$9.99' / '9,99 US$').
  const money = (cents: number) =>
    new Intl.NumberFormat(activeLocale(), { style: 'currency', currency: CURRENCY.toUpperCase() }).format(cents / 100);
  const price = {
    amount: money(monthly.priceCents),
    period: i18n._(PERIOD_LABELS[monthly.interval]),
    regular: monthly.regularPriceCents === null ? null : money(monthly.regularPriceCents),
  };

  const grantTestAccess = async () => {
    setGranting(true);
    try {
      await apiCall(billingApi.grantTestAccess, { params: { userId: user.id } });
      await refreshUser();
      await refreshTea(queryClient);
      toast({ title: t`Test access granted`, description: t`Welcome to Tea!` });
    } catch (error) {
      console.warn('Test access failed.', error);
      toast({
        title: t`Test access unavailable`,
        description:
          isApiError(error) && error.status === 404 ? t`Test access is turned off here.` : t`Please try again.`,
        variant: 'destructive',
      });
    } finally {
      setGranting(false);
    }
  };

  return (
    <section aria-labelledby="tea-paywall-title" className="grid gap-5 px-4 py-6">
      <div className="grid justify-items-center gap-3 text-center">
        <span className="grid size-16 place-items-center rounded-3xl bg-plum-700 text-matcha-200 shadow-[0_10px_24px_-10px_rgb(107_36_88/0.8)]">
          <Coffee className="size-8" aria-hidden />
        </span>
        <h1 id="tea-paywall-title" className="font-display text-3xl font-semibold text-plum-900">
          {t`Spill the Tea`}
        </h1>
        <p className="max-w-xs text-[0.95rem] leading-relaxed text-ink-soft">
          {t`Tea is our anonymous story community, open to Premium members.`}
        </p>
      </div>

      <ul className="grid gap-3 rounded-(--radius-card) border border-plum-100/70 bg-white p-5 shadow-card">
        {FEATURES.map(({ icon: Icon, text }) => (
          <li key={text.id} className="flex items-start gap-3 text-[0.95rem] text-ink">
            <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-matcha-100 text-matcha-700">
              <Icon className="size-4" aria-hidden />
            </span>
            {i18n._(text)}
          </li>
        ))}
      </ul>

      <div className="grid justify-items-center gap-1 rounded-(--radius-card) bg-gradient-to-br from-plum-700 to-plum-900 p-5 text-center text-white shadow-card">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase">
          <Sparkles className="size-3.5" aria-hidden /> {t`Launch Sale`}
        </span>
        <p className="mt-1 font-display text-4xl font-semibold" data-testid="tea-price">
          {price.amount}
          <span className="text-lg font-normal text-white/80">/{price.period}</span>
        </p>
        <p className="text-sm text-white/80">
          <s>{price.regular}</s> · {t`50% off, limited time`}
        </p>
      </div>

      <div className="grid gap-3">
        <Link to="/subscribe" className={buttonClasses('primary', 'lg', true)}>
          <Crown className="size-5" aria-hidden /> {t`Get Premium`}
        </Link>
        <Button variant="outline" block disabled={granting} onClick={() => void grantTestAccess()}>
          <Check className="size-4" aria-hidden /> {granting ? t`Granting…` : t`Test Access`}
        </Button>
        <p className="text-center text-xs text-ink-soft">{t`Test Access is a demo: it grants Premium without payment.`}</p>
      </div>
    </section>
  );
}

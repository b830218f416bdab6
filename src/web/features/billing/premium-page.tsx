import { Link } from 'react-router';
import { Check, Crown, Minus } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { PLANS, PREMIUM_FEATURES } from '../../../contract/billing';
import { NOT_INCLUDED, featureText, formatMoney, planBadge, pricePerInterval } from './billing-text';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';

function Cell({ value }: { value: string }) {
  const { t } = useLingui();
  if (value === NOT_INCLUDED) {
    return (
      <span className="inline-flex text-ink-soft/70">
        <Minus className="size-4" aria-hidden />
        <span className="sr-only">{t`Not included`}</span>
      </span>
    );
  }
  return <span>{value}</span>;
}

/** /premium (the daily-limit toast's Upgrade): Free vs Premium with the real limits, then Go Premium. */
export function PremiumPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Go Premium · Steep`);
  const user = useCurrentUser();
  const from = pricePerInterval(PLANS.monthly.priceCents, 'monthly');
  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <header className="grid justify-items-center gap-2 text-center">
        <span
          aria-hidden
          className="grid size-14 place-items-center rounded-3xl bg-plum-700 text-amber-300 shadow-card"
        >
          <Crown className="size-7" />
        </span>
        <h1 className="font-display text-3xl font-semibold text-plum-900">{t`Go Premium`}</h1>
        <p className="text-sm text-ink-soft">
          {t`From ${from}`} <s>{formatMoney(PLANS.monthly.regularPriceCents ?? 0)}</s> · {planBadge('monthly')}
        </p>
      </header>

      <Card className="overflow-hidden p-0">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t`Free and Premium compared`}</caption>
          <thead className="bg-cream-50 text-xs tracking-wide text-ink-soft uppercase">
            <tr>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                {t`Feature`}
              </th>
              <th scope="col" className="px-2 py-2.5 font-semibold">
                {t`Free`}
              </th>
              <th scope="col" className="px-2 py-2.5 font-semibold text-plum-700">
                Premium
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-cream-200">
            {PREMIUM_FEATURES.map((feature) => {
              const text = featureText(feature.key);
              return (
                <tr key={feature.key}>
                  <th scope="row" className="px-3 py-2.5 font-medium text-ink">
                    {text.title}
                  </th>
                  <td className="px-2 py-2.5 text-ink-soft">
                    <Cell value={text.free} />
                  </td>
                  <td className="px-2 py-2.5 font-medium text-plum-800">
                    <span className="inline-flex items-center gap-1">
                      <Check className="size-3.5 shrink-0 text-matcha-600" aria-hidden />
                      {text.premium}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>

      {user.hasActiveSubscription ? (
        <Link to="/subscription" className={buttonClasses('outline', 'lg', true)}>
          {t`You're Premium · Manage subscription`}
        </Link>
      ) : (
        <Link to="/subscribe" className={buttonClasses('primary', 'lg', true)}>
          <Crown className="size-4" aria-hidden />
          {t`Go Premium`}
        </Link>
      )}
    </div>
  );
}

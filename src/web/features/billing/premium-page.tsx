import { Link } from 'react-router';
import { Check, Crown, Minus } from 'lucide-react';
import { PLANS, PREMIUM_FEATURES, formatMoney } from '../../../contract/billing';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';

function Cell({ value }: { value: string }) {
  if (value === '—') {
    return (
      <span className="inline-flex text-ink-soft/70">
        <Minus className="size-4" aria-hidden />
        <span className="sr-only">Not included</span>
      </span>
    );
  }
  return <span>{value}</span>;
}

/** /premium (the daily-limit toast's Upgrade): Free vs Premium with the real limits, then Go Premium. */
export function PremiumPage() {
  useDocumentTitle('Go Premium · Steep');
  const user = useCurrentUser();
  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <header className="grid justify-items-center gap-2 text-center">
        <span
          aria-hidden
          className="grid size-14 place-items-center rounded-3xl bg-plum-700 text-amber-300 shadow-card"
        >
          <Crown className="size-7" />
        </span>
        <h1 className="font-display text-3xl font-semibold text-plum-900">Go Premium</h1>
        <p className="text-sm text-ink-soft">
          From {formatMoney(PLANS.monthly.priceCents)}/month <s>{formatMoney(PLANS.monthly.regularPriceCents ?? 0)}</s>{' '}
          · Launch Sale
        </p>
      </header>

      <Card className="overflow-hidden p-0">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Free and Premium compared</caption>
          <thead className="bg-cream-50 text-xs tracking-wide text-ink-soft uppercase">
            <tr>
              <th scope="col" className="px-3 py-2.5 font-semibold">
                Feature
              </th>
              <th scope="col" className="px-2 py-2.5 font-semibold">
                Free
              </th>
              <th scope="col" className="px-2 py-2.5 font-semibold text-plum-700">
                Premium
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-cream-200">
            {PREMIUM_FEATURES.map((feature) => (
              <tr key={feature.key}>
                <th scope="row" className="px-3 py-2.5 font-medium text-ink">
                  {feature.title}
                </th>
                <td className="px-2 py-2.5 text-ink-soft">
                  <Cell value={feature.free} />
                </td>
                <td className="px-2 py-2.5 font-medium text-plum-800">
                  <span className="inline-flex items-center gap-1">
                    <Check className="size-3.5 shrink-0 text-matcha-600" aria-hidden />
                    {feature.premium}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      {user.hasActiveSubscription ? (
        <Link to="/subscription" className={buttonClasses('outline', 'lg', true)}>
          You're Premium · Manage subscription
        </Link>
      ) : (
        <Link to="/subscribe" className={buttonClasses('primary', 'lg', true)}>
          <Crown className="size-4" aria-hidden />
          Go Premium
        </Link>
      )}
    </div>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { Link, Navigate } from 'react-router';
import { CircleCheck, Crown, Loader2 } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { DEFAULT_PLAN, PLANS, type PlanType } from '../../../contract/billing';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { useBillingConfig, usePaymentSecret } from './billing-api';
import { DemoCardForm } from './demo-card-form';
import { PlanPicker } from './plan-picker';
import { PremiumFeatureList } from './premium-features';

const StripePaymentForm = lazyPart(() => import('./stripe-payment-form'));

let failedToast: { dismiss: () => void } | null = null;

function paymentFailed(message: string) {
  failedToast = toast({ title: t`Payment Failed`, description: message, variant: 'destructive' });
}

/** She tries again: the last failure's toast is old news. */
function clearPaymentFailed() {
  failedToast?.dismiss();
  failedToast = null;
}

/** /subscribe (product §2 Premium subscription). */
export function SubscribePage() {
  const { t } = useLingui();
  useDocumentTitle('Steep Premium · Steep'); // brand names only: the same in every language
  const user = useCurrentUser();
  const [plan, setPlan] = useState<PlanType>(DEFAULT_PLAN);
  const [paid, setPaid] = useState(false);
  const config = useBillingConfig();
  const secret = usePaymentSecret(plan, !user.hasActiveSubscription && !paid && config.isSuccess);

  useEffect(() => {
    // Product §8: a failure to start the payment is only logged; the spinner stops and she may retry.
    if (secret.error) console.error('Could not start the subscription', secret.error);
  }, [secret.error]);

  if (user.hasActiveSubscription && !paid) return <Navigate to="/home" replace />;

  function onPaid() {
    clearPaymentFailed();
    setPaid(true);
  }

  if (paid) return <PremiumActive />;

  const renews =
    PLANS[plan].interval === 'year'
      ? t`Your subscription renews yearly until cancelled. You can cancel anytime in your profile settings.`
      : t`Your subscription renews monthly until cancelled. You can cancel anytime in your profile settings.`;

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <header className="grid justify-items-center gap-2 text-center">
        <span
          aria-hidden
          className="grid size-14 place-items-center rounded-3xl bg-plum-700 text-amber-300 shadow-card"
        >
          <Crown className="size-7" />
        </span>
        <h1 className="font-display text-3xl font-semibold text-plum-900">Steep Premium</h1>
        <p className="text-sm text-ink-soft">{t`More matches, more tea, more you.`}</p>
      </header>

      <PlanPicker value={plan} onChange={setPlan} />

      <Card className="grid gap-3 p-4">
        <h2 className="font-semibold text-ink">{t`Everything in Premium`}</h2>
        <PremiumFeatureList />
      </Card>

      <Card className="grid gap-3 p-4">
        <h2 className="font-semibold text-ink">{t`Payment`}</h2>
        {secret.data && config.data ? (
          config.data.processor === 'stripe' && config.data.publishableKey ? (
            <Suspense fallback={<Spinner />}>
              <StripePaymentForm
                publishableKey={config.data.publishableKey}
                clientSecret={secret.data.clientSecret}
                plan={plan}
                onFailed={paymentFailed}
              />
            </Suspense>
          ) : (
            <DemoCardForm
              plan={plan}
              clientSecret={secret.data.clientSecret}
              onPaid={onPaid}
              onFailed={paymentFailed}
              onSubmit={clearPaymentFailed}
            />
          )
        ) : secret.isError || config.isError ? (
          <Button variant="outline" block onClick={() => void (config.isError ? config.refetch() : secret.refetch())}>
            {t`Try again`}
          </Button>
        ) : (
          <Spinner />
        )}
      </Card>

      <p className="px-2 text-center text-xs leading-relaxed text-ink-soft">{renews}</p>
    </div>
  );
}

/** After paying: it worked, what it unlocks, and on she goes. */
function PremiumActive() {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 px-4 pt-6 pb-8">
      <header className="grid justify-items-center gap-2 text-center">
        <span aria-hidden className="grid size-14 place-items-center rounded-3xl bg-matcha-600 text-white shadow-card">
          <CircleCheck className="size-7" />
        </span>
        <h1 className="font-display text-3xl font-semibold text-plum-900">{t`Premium is active`}</h1>
        <p role="status" className="text-sm text-ink-soft">
          {t`Welcome to Steep Premium! Your payment went through and everything below is yours now.`}
        </p>
      </header>
      <Card className="grid gap-3 p-4">
        <h2 className="font-semibold text-ink">{t`Now unlocked`}</h2>
        <PremiumFeatureList />
      </Card>
      <Link to="/tea" className={buttonClasses('primary', 'lg', true)}>
        {t`Continue`}
      </Link>
      <p className="px-2 text-center text-xs leading-relaxed text-ink-soft">
        {t`Manage or cancel it any time in Settings → Subscription.`}
      </p>
    </div>
  );
}

function Spinner() {
  const { t } = useLingui();
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-ink-soft">
      <Loader2 className="size-5 animate-spin" aria-hidden />
      {t`Preparing secure payment…`}
    </p>
  );
}

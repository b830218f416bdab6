import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Loader2, Lock } from 'lucide-react';
import type { PlanType } from '../../../contract/billing';
import { Button } from '../../components/ui/button';
import { useLingui } from '@lingui/react/macro';
import { activeLocale } from '../../lib/i18n';
import { perInterval } from './billing-text';

/**
 * PAYMENTS=stripe: Stripe's Payment Element pays the first invoice in the browser and returns to /tea;
 * the webhook makes her Premium. Loaded lazily (and `pure`), so js.stripe.com is fetched only here.
 */
export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  plan,
  onFailed,
}: {
  publishableKey: string;
  clientSecret: string;
  plan: PlanType;
  onFailed: (message: string) => void;
}) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: activeLocale() }} key={clientSecret}>
      <PayButton plan={plan} onFailed={onFailed} />
    </Elements>
  );
}

function PayButton({ plan, onFailed }: { plan: PlanType; onFailed: (message: string) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);
  const { t } = useLingui();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/tea` },
    });
    setPending(false);
    if (error) onFailed(error.message ?? t`Your payment could not be completed.`);
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3" aria-label={t`Card payment`}>
      <PaymentElement />
      <Button type="submit" size="lg" block disabled={!stripe || pending}>
        {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Lock className="size-4" aria-hidden />}
        {pending ? t`Processing…` : t`Subscribe · ${perInterval(plan)}`}
      </Button>
    </form>
  );
}

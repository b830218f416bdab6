import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ArrowLeft, CreditCard, Crown, Loader2 } from 'lucide-react';
import { PLANS, PLAN_TYPES, formatMoney, type SubscriptionDetails } from '../../../contract/billing';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/toast';
import { errorText } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cn } from '../../lib/cn';
import { useCancelSubscription, useResumeSubscription, useSubscriptionDetails, useSwitchPlan } from './billing-api';

const date = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso)) : '—';

const STATUS_LABEL: Record<NonNullable<SubscriptionDetails['subscription']>['status'], string> = {
  incomplete: 'Awaiting payment',
  active: 'Active',
  canceled: 'Cancelled',
  past_due: 'Payment failed',
  expired: 'Ended',
};

const failed = (title: string) => (error: Error) =>
  toast({ title, description: errorText(error), variant: 'destructive' });

/** /subscription: manage Premium (plan, status, renewal or end, cancel, resume, switch, history). */
export function SubscriptionPage() {
  useDocumentTitle('Subscription · Steep');
  const details = useSubscriptionDetails();

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <div className="flex items-center gap-1">
        <Link to="/settings" className={buttonClasses('ghost', 'md') + ' -ml-2 px-3'}>
          <ArrowLeft className="size-4" aria-hidden />
          Settings
        </Link>
      </div>
      <h1 className="px-1 font-display text-3xl font-semibold text-plum-900">Subscription</h1>
      {details.isPending ? (
        <p role="status" className="flex items-center gap-2 text-ink-soft">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading…
        </p>
      ) : details.isError ? (
        <Button variant="outline" onClick={() => void details.refetch()}>
          Couldn't load your subscription. Try again
        </Button>
      ) : (
        <Manage details={details.data} />
      )}
    </div>
  );
}

function Manage({ details }: { details: SubscriptionDetails }) {
  const sub = details.subscription;
  const live = sub && (sub.status === 'active' || sub.status === 'canceled');
  return (
    <>
      <Card className="grid gap-3 p-4">
        <div className="flex items-start gap-3">
          <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-2xl bg-plum-700 text-amber-300">
            <Crown className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold text-ink">
              {details.hasActiveSubscription ? 'Premium Member' : 'Free Account'}
            </h2>
            {sub ? (
              <p className="text-sm text-ink-soft">
                {sub.isTestGrant
                  ? 'Test Access'
                  : `${PLANS[sub.planType].name} · ${formatMoney(sub.priceCents)}/${PLANS[sub.planType].interval}`}
              </p>
            ) : (
              <p className="text-sm text-ink-soft">No subscription yet.</p>
            )}
          </div>
          {sub && (
            <span
              className={cn(
                'rounded-full px-2.5 py-1 text-xs font-semibold',
                sub.status === 'active'
                  ? 'bg-matcha-100 text-matcha-800'
                  : sub.status === 'past_due'
                    ? 'bg-red-50 text-red-700'
                    : 'bg-cream-200 text-ink',
              )}
            >
              {STATUS_LABEL[sub.status]}
            </span>
          )}
        </div>
        {sub && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-ink-soft">
              {live && !sub.cancelAtPeriodEnd && !sub.isTestGrant ? 'Renews on' : live ? 'Premium ends on' : 'Ended on'}
            </dt>
            <dd className="font-medium text-ink">{date(sub.currentPeriodEnd)}</dd>
            {sub.nextPlanType && (
              <>
                <dt className="text-ink-soft">From then</dt>
                <dd className="font-medium text-ink">
                  {PLANS[sub.nextPlanType].name} · {formatMoney(PLANS[sub.nextPlanType].priceCents)}/
                  {PLANS[sub.nextPlanType].interval}
                </dd>
              </>
            )}
            {sub.cardLast4 && (
              <>
                <dt className="text-ink-soft">Card</dt>
                <dd className="font-medium text-ink capitalize">
                  {sub.cardBrand} ···· {sub.cardLast4}
                </dd>
              </>
            )}
          </dl>
        )}
        {live && sub && !sub.isTestGrant ? (
          <Actions details={details} />
        ) : !details.hasActiveSubscription ? (
          <Link to="/subscribe" className={buttonClasses('primary', 'md', true)}>
            Upgrade to Premium
          </Link>
        ) : null}
        {sub?.isTestGrant && live && (
          <p className="text-xs text-ink-soft">Test Access is a demo grant: it ends on its own and is never charged.</p>
        )}
      </Card>

      <Card className="grid gap-3 p-4">
        <h2 className="font-semibold text-ink">Payment history</h2>
        {details.payments.length === 0 ? (
          <p className="text-sm text-ink-soft">No payments yet.</p>
        ) : (
          <ul className="divide-y divide-cream-200">
            {details.payments.map((payment) => (
              <li key={payment.id} className="flex items-center gap-3 py-2.5 text-sm">
                <CreditCard className="size-4 shrink-0 text-ink-soft" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{payment.description}</p>
                  <p className="text-xs text-ink-soft">
                    {date(payment.createdAt)}
                    {payment.cardLast4 && ` · ${payment.cardBrand ?? 'card'} ···· ${payment.cardLast4}`}
                    {payment.failureMessage && ` · ${payment.failureMessage}`}
                  </p>
                </div>
                <span
                  className={cn(
                    'font-semibold',
                    payment.status === 'failed' ? 'text-red-700 line-through' : 'text-ink',
                  )}
                >
                  {formatMoney(payment.amountCents, payment.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}

function Actions({ details }: { details: SubscriptionDetails }) {
  const sub = details.subscription;
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const switchPlan = useSwitchPlan();
  const [confirming, setConfirming] = useState(false);
  if (!sub) return null;
  const upcoming = sub.nextPlanType ?? sub.planType;

  if (sub.cancelAtPeriodEnd) {
    return (
      <Button
        block
        disabled={resume.isPending}
        onClick={() =>
          resume.mutate(undefined, {
            onSuccess: () =>
              toast({ title: 'Subscription resumed', description: `It renews on ${date(sub.currentPeriodEnd)}.` }),
            onError: failed('Could not resume'),
          })
        }
      >
        Resume subscription
      </Button>
    );
  }

  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">Plan from your next renewal</legend>
        <div className="grid grid-cols-2 gap-2">
          {PLAN_TYPES.map((type) => (
            <Button
              key={type}
              variant={upcoming === type ? 'primary' : 'outline'}
              aria-pressed={upcoming === type}
              className="px-2 text-sm whitespace-nowrap"
              disabled={switchPlan.isPending}
              onClick={() => {
                if (upcoming === type) return;
                switchPlan.mutate(type, {
                  onSuccess: () =>
                    toast({
                      title: `Switched to ${PLANS[type].name}`,
                      description: `Starts at your next renewal on ${date(sub.currentPeriodEnd)}.`,
                    }),
                  onError: failed('Could not switch plan'),
                });
              }}
            >
              {PLANS[type].name} · {formatMoney(PLANS[type].priceCents)}
            </Button>
          ))}
        </div>
      </fieldset>
      <Button variant="danger" block onClick={() => setConfirming(true)}>
        Cancel subscription
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel Premium?"
        description={`You keep Premium until ${date(sub.currentPeriodEnd)}. After that you won't be charged again, ghost mode turns off and your likes are limited again.`}
        cancelLabel="Keep Premium"
        confirmLabel="Yes, cancel"
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({
                title: 'Subscription cancelled',
                description: `Premium stays until ${date(sub.currentPeriodEnd)}.`,
              });
            },
            onError: failed('Could not cancel'),
          })
        }
      />
    </div>
  );
}

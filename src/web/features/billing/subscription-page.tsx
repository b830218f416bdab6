import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ArrowLeft, CreditCard, Crown, Loader2 } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { PLANS, PLAN_TYPES, type SubscriptionDetails } from '../../../contract/billing';
import { activeLocale } from '../../lib/i18n';
import { formatMoney, perInterval, planName, pricePerInterval, statusLabel } from './billing-text';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { toast, toastFailed } from '../../components/ui/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { cn } from '../../lib/cn';
import { useCancelSubscription, useResumeSubscription, useSubscriptionDetails, useSwitchPlan } from './billing-api';

const date = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(activeLocale(), { dateStyle: 'medium' }).format(new Date(iso)) : '—';

const failed = (title: string) => (error: Error) =>
  toastFailed(title, error, t`Something went wrong. Please try again.`);

/** /subscription: manage Premium (plan, status, renewal or end, cancel, resume, switch, history). */
export function SubscriptionPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Subscription · Steep`);
  const details = useSubscriptionDetails();

  return (
    <div className="grid gap-4 px-4 pt-4 pb-8">
      <div className="flex items-center gap-1">
        <Link to="/settings" className={buttonClasses('ghost', 'md') + ' -ml-2 px-3'}>
          <ArrowLeft className="size-4" aria-hidden />
          {t`Settings`}
        </Link>
      </div>
      <h1 className="px-1 font-display text-3xl font-semibold text-plum-900">{t`Subscription`}</h1>
      {details.isPending ? (
        <p role="status" className="flex items-center gap-2 text-ink-soft">
          <Loader2 className="size-4 animate-spin" aria-hidden /> {t`Loading…`}
        </p>
      ) : details.isError ? (
        <Button variant="outline" onClick={() => void details.refetch()}>
          {t`Couldn't load your subscription. Try again`}
        </Button>
      ) : (
        <Manage details={details.data} />
      )}
    </div>
  );
}

function Manage({ details }: { details: SubscriptionDetails }) {
  const { t } = useLingui();
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
              {details.hasActiveSubscription ? t`Premium Member` : t`Free Account`}
            </h2>
            {sub ? (
              <p className="text-sm text-ink-soft">
                {sub.isTestGrant
                  ? t`Test Access`
                  : `${planName(sub.planType)} · ${pricePerInterval(sub.priceCents, sub.planType)}`}
              </p>
            ) : (
              <p className="text-sm text-ink-soft">{t`No subscription yet.`}</p>
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
              {statusLabel(sub.status)}
            </span>
          )}
        </div>
        {sub && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-ink-soft">
              {live && !sub.cancelAtPeriodEnd && !sub.isTestGrant
                ? t`Renews on`
                : live
                  ? t`Premium ends on`
                  : t`Ended on`}
            </dt>
            <dd className="font-medium text-ink">{date(sub.currentPeriodEnd)}</dd>
            {sub.nextPlanType && (
              <>
                <dt className="text-ink-soft">{t`From then`}</dt>
                <dd className="font-medium text-ink">
                  {planName(sub.nextPlanType)} · {perInterval(sub.nextPlanType)}
                </dd>
              </>
            )}
            {sub.cardLast4 && (
              <>
                <dt className="text-ink-soft">{t`Card`}</dt>
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
            {t`Upgrade to Premium`}
          </Link>
        ) : null}
        {sub?.isTestGrant && live && (
          <p className="text-xs text-ink-soft">
            {t`Test Access is a demo grant: it ends on its own and is never charged.`}
          </p>
        )}
      </Card>

      <Card className="grid gap-3 p-4">
        <h2 className="font-semibold text-ink">{t`Payment history`}</h2>
        {details.payments.length === 0 ? (
          <p className="text-sm text-ink-soft">{t`No payments yet.`}</p>
        ) : (
          <ul className="divide-y divide-cream-200">
            {details.payments.map((payment) => (
              <li key={payment.id} className="flex items-center gap-3 py-2.5 text-sm">
                <CreditCard className="size-4 shrink-0 text-ink-soft" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{payment.description}</p>
                  <p className="text-xs text-ink-soft">
                    {date(payment.createdAt)}
                    {payment.cardLast4 && ` · ${payment.cardBrand ?? t`card`} ···· ${payment.cardLast4}`}
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
  const { t } = useLingui();
  if (!sub) return null;
  const ends = date(sub.currentPeriodEnd);
  const upcoming = sub.nextPlanType ?? sub.planType;

  if (sub.cancelAtPeriodEnd) {
    return (
      <Button
        block
        disabled={resume.isPending}
        onClick={() =>
          resume.mutate(undefined, {
            onSuccess: () => toast({ title: t`Subscription resumed`, description: t`It renews on ${ends}.` }),
            onError: failed(t`Could not resume`),
          })
        }
      >
        {t`Resume subscription`}
      </Button>
    );
  }

  return (
    <div className="grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">{t`Plan from your next renewal`}</legend>
        <div className="grid grid-cols-2 gap-2">
          {PLAN_TYPES.map((type) => (
            <Button
              key={type}
              variant={upcoming === type ? 'primary' : 'outline'}
              aria-pressed={upcoming === type}
              className="flex-col gap-0 px-2 py-1.5 text-sm leading-tight"
              disabled={switchPlan.isPending}
              onClick={() => {
                if (upcoming === type) return;
                switchPlan.mutate(type, {
                  onSuccess: () => {
                    const name = planName(type);
                    toast({
                      title: t`Switched to ${name}`,
                      description: t`Starts at your next renewal on ${ends}.`,
                    });
                  },
                  onError: failed(t`Could not switch plan`),
                });
              }}
            >
              <span>{planName(type)}</span>
              <span className="font-medium whitespace-nowrap">{formatMoney(PLANS[type].priceCents)}</span>
            </Button>
          ))}
        </div>
      </fieldset>
      <Button variant="danger" block onClick={() => setConfirming(true)}>
        {t`Cancel subscription`}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t`Cancel Premium?`}
        description={t`You keep Premium until ${ends}. After that you won't be charged again, ghost mode turns off and your likes are limited again.`}
        cancelLabel={t`Keep Premium`}
        confirmLabel={t`Yes, cancel`}
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({
                title: t`Subscription cancelled`,
                description: t`Premium stays until ${ends}.`,
              });
            },
            onError: failed(t`Could not cancel`),
          })
        }
      />
    </div>
  );
}

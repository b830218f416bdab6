import { useState } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { DatePlan } from '../../../contract/datesafety';
import { errorText, isApiError } from '../../lib/api';
import { Button } from '../ui/button';
import { LazyConfirmDialog } from '../lazy-on-open';
import { floatBelow } from '../ui/float-top';
import { toast } from '../ui/toast';
import { runningPlan, useActiveDatePlans, usePlanAction } from './date-plans-api';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { activeLocale } from '../../lib/i18n';

const DAY_MS = 24 * 3_600_000;

const dayOf = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** '10:30 PM' today, 'Wed 10:30 PM' within the week, 'Nov 28, 10:30 PM' further: short enough for one line. */
function shortTime(iso: string, timeZone: string, now = new Date()): string {
  const at = new Date(iso);
  const sameDay = dayOf(at, timeZone) === dayOf(now, timeZone);
  const withinWeek = Math.abs(at.getTime() - now.getTime()) < 6 * DAY_MS;
  return new Intl.DateTimeFormat(activeLocale(), {
    timeZone,
    ...(sameDay ? {} : withinWeek ? { weekday: 'short' } : { month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

const CONFIRM: Record<
  'safe' | 'cancel',
  { title: MessageDescriptor; body: MessageDescriptor; action: MessageDescriptor; busy: MessageDescriptor }
> = {
  safe: {
    title: msg`Tell Steep you’re safe?`,
    body: msg`Your contacts won’t be alerted and Steep stops checking on you for this date. This can’t be undone.`,
    action: msg`I’m safe`,
    busy: msg`Checking in…`,
  },
  cancel: {
    title: msg`Cancel this date plan?`,
    body: msg`Your contacts’ links stop working and nobody will be alerted, even if you don’t check in. This can’t be undone.`,
    action: msg`Cancel plan`,
    busy: msg`Cancelling…`,
  },
};

/**
 * Her running plan (DatePlanBanner loads this card only while she has one), on every signed-in screen: "I'm safe" stops the check-in, Cancel stops the plan and its
 * links; each asks first (neither can be undone). A plan she already marked safe is not shown. `compact`:
 * one strip under the conversation header, where the screen is exactly the viewport's height. Toasts and the badge
 * card show below it (../ui/float-top.ts), not over it.
 */
export function DatePlanCard({ compact = false }: { compact?: boolean }) {
  const plans = useActiveDatePlans();
  const action = usePlanAction();
  const [asking, setAsking] = useState<'safe' | 'cancel' | null>(null);
  const { t, i18n } = useLingui();
  const plan: DatePlan | undefined = runningPlan(plans.data);
  if (!plan) return null;

  const run = (kind: 'safe' | 'cancel') =>
    action.mutate(
      { id: plan.id, action: kind },
      {
        onSuccess: () => {
          setAsking(null);
          toast(
            kind === 'safe'
              ? { title: t`Glad you’re safe`, description: t`No one will be alerted.` }
              : { title: t`Plan cancelled`, description: t`The links stop working and nobody will be alerted.` },
          );
        },
        onError: (error) => {
          // Another device already ended it (409): the list is refreshed and she is told what it already is.
          if (isApiError(error) && (error.status === 409 || error.status === 404)) {
            setAsking(null);
            void plans.refetch();
            toast({ title: t`This plan had already ended`, description: errorText(error) });
            return;
          }
          // The dialog stays open to try again. A check-in that did not go through says what is at stake.
          const reason = errorText(error, t`Something went wrong. Please try again.`);
          const at = plan.checkInAt && plan.status !== 'alerted' ? shortTime(plan.checkInAt, plan.timeZone) : null;
          toast(
            kind === 'safe'
              ? {
                  title: t`Check-in not recorded`,
                  description: at ? t`${reason} Until it is, your contacts will be alerted at ${at}.` : reason,
                  variant: 'destructive',
                }
              : { title: t`Plan not cancelled`, description: reason, variant: 'destructive' },
          );
        },
      },
    );

  const who = plan.with?.firstName ?? plan.eventTitle;
  const alerted = plan.status === 'alerted';
  const title = alerted ? t`Your contacts were told you haven’t checked in` : t`Date plan shared`;
  const summary = `${who ? `${who} · ` : ''}${plan.place} · ${shortTime(plan.startsAt, plan.timeZone)}`;
  const checkIn = plan.checkInAt ? t`Check-in ${shortTime(plan.checkInAt, plan.timeZone)}` : null;
  const copy = asking ? CONFIRM[asking] : null;
  const confirm = (
    <LazyConfirmDialog
      open={copy !== null}
      title={copy ? i18n._(copy.title) : ''}
      description={copy ? i18n._(copy.body) : ''}
      confirmLabel={copy ? i18n._(copy.action) : ''}
      busyLabel={copy ? i18n._(copy.busy) : undefined}
      cancelLabel={asking === 'cancel' ? t`Keep plan` : t`Not yet`}
      tone={asking === 'safe' ? 'primary' : 'danger'}
      busy={action.isPending}
      onConfirm={() => asking && run(asking)}
      onCancel={() => setAsking(null)}
    />
  );

  if (compact) {
    return (
      <section
        ref={floatBelow}
        aria-labelledby="date-plan-banner-title"
        className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1.5 border-b border-matcha-200 bg-matcha-50 px-4 py-2"
      >
        {/* What and when never cut: where they do not fit beside the two buttons (Spanish's "Confirmación a las"
            was cut to "Confir…": tryout), the buttons go to a row of their own. */}
        <div className="flex min-w-[9.5rem] flex-1 items-center gap-2">
          <ShieldCheck className="size-5 shrink-0 text-matcha-700" aria-hidden />
          <div className="min-w-0 text-xs text-ink">
            <h2 id="date-plan-banner-title" className="font-semibold">
              <span className="sr-only">{title}</span>
              <span aria-hidden>
                {alerted ? t`Contacts alerted` : plan.checkInAt ? t`Check-in at` : t`Plan shared`}
              </span>
            </h2>
            <p className="text-ink-soft" data-testid="date-plan-banner-time">
              {plan.checkInAt ? (
                <>
                  <span className="sr-only">{t`Check-in`} </span>
                  {shortTime(plan.checkInAt, plan.timeZone)}
                </>
              ) : (
                summary
              )}
            </p>
          </div>
        </div>
        <div className="ml-auto flex gap-2">
          <Button className="min-h-9 px-3 text-sm" disabled={action.isPending} onClick={() => setAsking('safe')}>
            {t`I’m safe`}
          </Button>
          {/* "Cancel plan", as on the banner everywhere else: a bare "Cancel" read as closing something. */}
          <Button
            variant="outline"
            className="min-h-9 px-3 text-sm"
            disabled={action.isPending}
            onClick={() => setAsking('cancel')}
          >
            {t`Cancel plan`}
          </Button>
        </div>
        {confirm}
      </section>
    );
  }

  return (
    <section
      ref={floatBelow}
      aria-labelledby="date-plan-banner-title"
      className="mx-4 mt-3 flex min-w-0 flex-col gap-2 rounded-2xl border border-matcha-200 bg-matcha-50 p-3"
    >
      <div className="flex min-w-0 items-start gap-2">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-matcha-700" aria-hidden />
        <div className="min-w-0 text-sm text-ink">
          <h2 id="date-plan-banner-title" className="font-semibold">
            {title}
          </h2>
          <p className="truncate text-ink-soft">{summary}</p>
          {checkIn && <p className="text-ink-soft">{checkIn}</p>}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button disabled={action.isPending} onClick={() => setAsking('safe')}>
          {t`I’m safe`}
        </Button>
        <Button variant="outline" disabled={action.isPending} onClick={() => setAsking('cancel')}>
          {t`Cancel plan`}
        </Button>
      </div>
      {confirm}
    </section>
  );
}

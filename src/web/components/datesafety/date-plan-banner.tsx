import { ShieldCheck } from 'lucide-react';
import type { DatePlan } from '../../../contract/datesafety';
import { errorText } from '../../lib/api';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { useActiveDatePlans, usePlanAction } from './date-plans-api';

const timeOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { timeZone, weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );

/**
 * Her running plan, on every signed-in screen: "I'm safe" stops the check-in, Cancel stops the plan and its
 * links. A plan she already marked safe is not shown. `compact`: one strip under the conversation header,
 * where the screen is exactly the viewport's height.
 */
export function DatePlanBanner({ compact = false }: { compact?: boolean }) {
  const plans = useActiveDatePlans();
  const action = usePlanAction();
  const plan: DatePlan | undefined = plans.data?.find((p) => p.status === 'active' || p.status === 'alerted');
  if (!plan) return null;

  const run = (kind: 'safe' | 'cancel') =>
    action.mutate(
      { id: plan.id, action: kind },
      {
        onSuccess: () =>
          toast(
            kind === 'safe'
              ? { title: 'Glad you’re safe', description: 'No one will be alerted.' }
              : { title: 'Plan cancelled', description: 'The links stop working and nobody will be alerted.' },
          ),
        onError: (error) => toast({ title: 'Error', description: errorText(error), variant: 'destructive' }),
      },
    );

  const who = plan.with?.firstName ?? plan.eventTitle;
  const alerted = plan.status === 'alerted';
  const title = alerted ? 'Your contacts were told you haven’t checked in' : 'Date plan shared';
  const summary = `${who ? `${who} · ` : ''}${plan.place} · ${timeOf(plan.startsAt, plan.timeZone)}`;
  const checkIn = plan.checkInAt ? `Check-in ${timeOf(plan.checkInAt, plan.timeZone)}` : null;

  if (compact) {
    return (
      <section
        aria-labelledby="date-plan-banner-title"
        className="flex min-w-0 items-center gap-2 border-b border-matcha-200 bg-matcha-50 px-4 py-2"
      >
        <ShieldCheck className="size-5 shrink-0 text-matcha-700" aria-hidden />
        <div className="min-w-0 flex-1 text-xs text-ink">
          <h2 id="date-plan-banner-title" className="truncate font-semibold">
            <span className="sr-only">{title}</span>
            <span aria-hidden>{alerted ? 'Contacts alerted' : 'Plan shared'}</span>
          </h2>
          <p className="truncate text-ink-soft">{checkIn ?? summary}</p>
        </div>
        <Button className="min-h-9 px-3 text-sm" disabled={action.isPending} onClick={() => run('safe')}>
          I’m safe
        </Button>
        <Button
          variant="outline"
          className="min-h-9 px-3 text-sm"
          disabled={action.isPending}
          onClick={() => run('cancel')}
        >
          Cancel
        </Button>
      </section>
    );
  }

  return (
    <section
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
        <Button disabled={action.isPending} onClick={() => run('safe')}>
          I’m safe
        </Button>
        <Button variant="outline" disabled={action.isPending} onClick={() => run('cancel')}>
          Cancel plan
        </Button>
      </div>
    </section>
  );
}

import { useState } from 'react';
import { LazyConfirmDialog } from './lazy-on-open';
import { useMinuteClock } from '../lib/use-minute-clock';
import { Zap } from 'lucide-react';
import { toast, toastFailed } from './ui/toast';
import { cn } from '../lib/cn';
import { fireMicroInteraction } from '../lib/micro-interactions';
import { boostMinutesLeft, useBoostStatus, useStartBoost } from '../lib/boost';
import { useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

function nextBoostText(until: string, now: number) {
  const minutes = Math.ceil((Date.parse(until) - now) / 60_000);
  if (minutes >= 60) {
    const hours = Math.ceil(minutes / 60);
    return t`Next boost in ${hours} h`;
  }
  const left = Math.max(1, minutes);
  return t`Next boost in ${left} min`;
}

/** The Discover quick action for Premium members: boost once a day, then the time left. */
export function BoostTile({ className }: { className: string }) {
  const status = useBoostStatus(true);
  const start = useStartBoost();
  const tick = useMinuteClock();
  // The clock is at least as new as the status it is compared with (a boost just started is 30 min, not 30.5).
  const now = Math.max(tick, status.dataUpdatedAt);
  const boost = status.data;
  const { t } = useLingui();
  // A day's only boost is not spent by a stray tap: she says yes first.
  const [confirming, setConfirming] = useState(false);
  const active = boost?.activeUntil && Date.parse(boost.activeUntil) > now ? boost.activeUntil : null;
  const text = active
    ? t`Boosted · ${boostMinutesLeft(active, now)} min left`
    : boost?.nextAvailableAt
      ? nextBoostText(boost.nextAvailableAt, now)
      : t`Tap for 2× visibility, 30 min`;

  const unavailable = !boost?.available || start.isPending;
  const boostNow = () =>
    start.mutate(undefined, {
      onSettled: () => setConfirming(false),
      onSuccess: () => {
        fireMicroInteraction('boost', innerWidth / 2, innerHeight / 2);
        toast({ title: t`Profile Boost is on`, description: t`You're shown 2× as often for the next 30 minutes.` });
      },
      onError: (error) => {
        toastFailed(t`Boost unavailable`, error, t`Something went wrong. Please try again.`);
      },
    });

  return (
    <>
      {/* aria-disabled, not disabled: she can still Tab to it and hear "Boosted · 30 min left" or when the next comes. */}
      <button
        type="button"
        aria-disabled={unavailable}
        onClick={() => {
          if (!unavailable) setConfirming(true);
        }}
        className={cn(
          className,
          'w-full border-amber-200 bg-amber-50 aria-disabled:cursor-default',
          boost?.available && 'hover:bg-amber-100',
        )}
      >
        <span aria-hidden className="grid size-8 place-items-center rounded-xl bg-amber-400 text-white">
          <Zap className="size-4" fill="currentColor" />
        </span>
        <span className="grid leading-tight">
          <span className="text-sm font-semibold text-ink">{t`Profile Boost`}</span>
          <span className="text-xs text-ink-soft">{text}</span>
        </span>
      </button>
      <LazyConfirmDialog
        open={confirming}
        tone="primary"
        title={t`Boost your profile now?`}
        description={t`For the next 30 minutes you're shown 2× as often. You can boost once a day.`}
        confirmLabel={t`Boost now`}
        busyLabel={t`Boosting…`}
        cancelLabel={t`Not now`}
        busy={start.isPending}
        onConfirm={boostNow}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

import { useMinuteClock } from '../lib/use-minute-clock';
import { Zap } from 'lucide-react';
import { toast } from './ui/toast';
import { errorText } from '../lib/api';
import { cn } from '../lib/cn';
import { fireMicroInteraction } from '../lib/micro-interactions';
import { boostMinutesLeft, useBoostStatus, useStartBoost } from '../lib/boost';

function hoursLeft(until: string, now: number) {
  const minutes = Math.ceil((Date.parse(until) - now) / 60_000);
  return minutes >= 60 ? `${Math.ceil(minutes / 60)} h` : `${Math.max(1, minutes)} min`;
}

/** The Discover quick action for Premium members: boost once a day, then the time left. */
export function BoostTile({ className }: { className: string }) {
  const status = useBoostStatus(true);
  const start = useStartBoost();
  const tick = useMinuteClock();
  // The clock is at least as new as the status it is compared with (a boost just started is 30 min, not 30.5).
  const now = Math.max(tick, status.dataUpdatedAt);
  const boost = status.data;
  const active = boost?.activeUntil && Date.parse(boost.activeUntil) > now ? boost.activeUntil : null;
  const text = active
    ? `Boosted · ${boostMinutesLeft(active, now)} min left`
    : boost?.nextAvailableAt
      ? `Next boost in ${hoursLeft(boost.nextAvailableAt, now)}`
      : 'Tap for 2× visibility, 30 min';

  return (
    <button
      type="button"
      disabled={!boost?.available || start.isPending}
      onClick={() =>
        start.mutate(undefined, {
          onSuccess: () => {
            fireMicroInteraction('boost', innerWidth / 2, innerHeight / 2);
            toast({ title: 'Profile Boost is on', description: "You're shown 2× as often for the next 30 minutes." });
          },
          onError: (error) =>
            toast({
              title: 'Boost unavailable',
              description: errorText(error),
              variant: 'destructive',
            }),
        })
      }
      className={cn(
        className,
        'w-full border-amber-200 bg-amber-50 disabled:cursor-default',
        boost?.available && 'hover:bg-amber-100',
      )}
    >
      <span aria-hidden className="grid size-8 place-items-center rounded-xl bg-amber-400 text-white">
        <Zap className="size-4" fill="currentColor" />
      </span>
      <span className="grid leading-tight">
        <span className="text-sm font-semibold text-ink">Profile Boost</span>
        <span className="text-xs text-ink-soft">{text}</span>
      </span>
    </button>
  );
}

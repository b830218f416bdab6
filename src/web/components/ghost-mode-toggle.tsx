import { Link } from 'react-router';
import { PremiumMark } from './premium-mark';
import { Switch } from 'radix-ui';
import { Ghost } from 'lucide-react';
import { Card } from './ui/card';
import { useGhostMode } from '../lib/ghost-mode';
import { useLingui } from '@lingui/react/macro';

/**
 * The settings card's ghost mode switch, initialised from the user. Turning it on is Premium;
 * turning it off is always allowed (the server says the same).
 */
export function GhostModeToggle() {
  const { ghostMode, isPremium, setGhostMode, isSaving } = useGhostMode();
  const locked = !isPremium && !ghostMode;
  const { t } = useLingui();

  return (
    <Card className="grid gap-4">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="grid size-11 shrink-0 place-items-center rounded-2xl bg-matcha-100 text-matcha-700"
        >
          <Ghost className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-ink">{t`Ghost Mode`}</h2>
            {!isPremium && <PremiumMark />}
          </div>
          <p id="ghost-mode-hint" className="text-sm leading-snug text-ink-soft">
            {t`Hide from Discover and get no new matches, while your chats keep working.`}
          </p>
        </div>
      </div>
      <div className="flex min-h-11 items-center justify-between gap-4">
        <label htmlFor="ghost-mode-switch" className="text-sm font-medium text-ink">
          {t`Ghost mode`}
        </label>
        <Switch.Root
          id="ghost-mode-switch"
          checked={ghostMode}
          disabled={locked || isSaving}
          onCheckedChange={setGhostMode}
          aria-describedby="ghost-mode-hint"
          className="relative h-7 w-12 shrink-0 rounded-full bg-cream-300 ring-1 ring-ink-soft/60 transition-colors ring-inset data-[state=checked]:bg-plum-600 disabled:cursor-not-allowed disabled:opacity-70"
        >
          <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-white shadow ring-1 ring-ink-soft/60 transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>
      {locked && (
        <Link
          to="/subscribe"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-plum-700 underline-offset-4 hover:underline"
        >
          {t`Upgrade to Premium to use Ghost Mode`}
        </Link>
      )}
    </Card>
  );
}

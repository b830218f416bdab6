import { completenessHints, profileCompleteness, type CompletenessInput } from '../../../contract/profiles';
import { cn } from '../../lib/cn';

/** The profile completeness meter (spec 5), with the next thing to do while it is under 100%. */
export function CompletenessBar({ user, className }: { user: CompletenessInput; className?: string }) {
  const percent = profileCompleteness(user);
  const [nextHint] = completenessHints(user);
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between text-sm">
        <span id="completeness-label" className="font-semibold text-ink">
          Profile completeness
        </span>
        <span className="font-semibold text-plum-700 tabular-nums">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="completeness-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-plum-100"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500 ease-out',
            percent === 100 ? 'bg-matcha-500' : 'bg-gradient-to-r from-plum-500 to-plum-700',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      {nextHint && <p className="text-xs text-ink-soft">Next: {nextHint.charAt(0).toLowerCase() + nextHint.slice(1)}.</p>}
    </div>
  );
}

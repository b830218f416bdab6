import { useLingui } from '@lingui/react/macro';
import { profileCompleteness, type CompletenessInput } from '../../../contract/completeness';
import { Meter } from '../../components/ui/meter';
import { cn } from '../../lib/cn';
import { nextCompletenessText } from '../../lib/completeness-text';

/** The profile completeness meter (product §5), with the next thing to do while it is under 100%. */
export function CompletenessBar({ user, className }: { user: CompletenessInput; className?: string }) {
  const { t, i18n } = useLingui();
  const percent = profileCompleteness(user);
  const next = nextCompletenessText(i18n, user);
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between text-sm">
        <span id="completeness-label" className="font-semibold text-ink">
          {t`Profile completeness`}
        </span>
        <span className="font-semibold text-plum-700 tabular-nums">{percent}%</span>
      </div>
      <Meter percent={percent} labelledBy="completeness-label" complete={percent === 100} />
      {next && <p className="text-xs text-ink-soft">{next}.</p>}
    </div>
  );
}

import { Link } from 'react-router';
import { CheckCircle2, Circle, Play, RotateCcw } from 'lucide-react';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLingui } from '@lingui/react/macro';
import { ONBOARDING_STEPS } from './steps';
import { useOnboarding } from '../../lib/onboarding';

/** Demo of the tutorial with its status and start/reset controls (product §2, Demo screens). */
export function OnboardingDemoPage() {
  const { isCompleted, start, reset } = useOnboarding();
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Onboarding Demo · Steep`);
  const count = ONBOARDING_STEPS.length;

  return (
    <div className="grid gap-4 px-4 pt-6 pb-8">
      <div className="px-1">
        <h1 className="font-display text-3xl font-semibold text-plum-900">{t`Onboarding Demo`}</h1>
        <p className="mt-1 text-sm text-ink-soft">{t`Try the ${count}-step tour new members see on Discover.`}</p>
      </div>

      <Card className="grid gap-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-semibold text-ink">{t`Tutorial status`}</h2>
          <span
            role="status"
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold',
              isCompleted ? 'bg-matcha-100 text-matcha-700' : 'bg-cream-200 text-ink-soft',
            )}
          >
            {isCompleted ? <CheckCircle2 className="size-4" aria-hidden /> : <Circle className="size-4" aria-hidden />}
            {isCompleted ? t`Completed` : t`Not Started`}
          </span>
        </div>
        <div className="grid gap-3">
          <Button onClick={start}>
            <Play className="size-4" aria-hidden />
            {t`Start Tutorial`}
          </Button>
          <Button variant="outline" onClick={reset} disabled={!isCompleted}>
            <RotateCcw className="size-4" aria-hidden />
            {t`Reset Tutorial`}
          </Button>
        </div>
      </Card>

      <Card>
        <h2 className="mb-3 font-semibold text-ink">{t`Steps`}</h2>
        <ol className="grid gap-2">
          {ONBOARDING_STEPS.map((step, i) => (
            <li key={step.id} className="flex items-center gap-3 text-sm text-ink">
              <span className="grid size-7 place-items-center rounded-full bg-plum-50 text-xs font-bold text-plum-700">
                {i + 1}
              </span>
              {i18n._(step.title)}
            </li>
          ))}
        </ol>
      </Card>

      <Link to="/home" className={buttonClasses('ghost', 'md')}>
        {t`Back to Discover`}
      </Link>
    </div>
  );
}

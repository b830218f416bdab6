import { useLingui } from '@lingui/react/macro';
import { PLANS, PLAN_TYPES, bestValuePlan, type PlanType } from '../../../contract/billing';
import { cn } from '../../lib/cn';
import { formatMoney, perPeriod, planBadge, planName, planNote } from './billing-text';

/** The two plan cards of /subscribe (product §2): a radio group, monthly first and the default. */
export function PlanPicker({ value, onChange }: { value: PlanType; onChange: (plan: PlanType) => void }) {
  const { t } = useLingui();
  const bestValue = bestValuePlan();
  return (
    <div role="radiogroup" aria-label={t`Choose your plan`} className="grid grid-cols-2 gap-3">
      {PLAN_TYPES.map((type) => {
        const plan = PLANS[type];
        const selected = value === type;
        const badge = planBadge(type);
        return (
          <button
            key={type}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(type)}
            className={cn(
              'relative grid content-start gap-1 rounded-2xl border-2 p-3 pt-5 text-left transition-colors',
              selected ? 'border-plum-600 bg-plum-50' : 'border-cream-300 bg-white hover:border-plum-200',
            )}
          >
            {/* In the flow, astride the top border: a second badge wraps onto a row of its own inside the
                card (Spanish "Oferta de lanzamiento" + "Mejor precio" don't fit side by side) and never
                runs under the next card. */}
            {(badge || type === bestValue) && (
              <span className="-mt-[1.875rem] mb-1.5 flex flex-wrap gap-1">
                {badge && (
                  <span className="rounded-full bg-amber-400 px-2 py-0.5 text-[0.7rem] font-bold whitespace-nowrap text-plum-900">
                    {badge}
                  </span>
                )}
                {type === bestValue && (
                  <span className="rounded-full bg-matcha-600 px-2 py-0.5 text-[0.7rem] font-bold whitespace-nowrap text-white">
                    {t`Best Value`}
                  </span>
                )}
              </span>
            )}
            <span className="text-sm font-semibold text-ink">{planName(type)}</span>
            <span className="flex flex-wrap items-baseline gap-x-1.5">
              <span className="font-display text-2xl font-semibold text-plum-900">{formatMoney(plan.priceCents)}</span>
              {plan.regularPriceCents !== null && (
                <s
                  className="text-sm text-ink-soft"
                  aria-label={t`regular price ${formatMoney(plan.regularPriceCents)}`}
                >
                  {formatMoney(plan.regularPriceCents)}
                </s>
              )}
            </span>
            <span className="text-xs text-ink-soft">{perPeriod(type)}</span>
            <span className="text-xs font-medium text-plum-700">{planNote(type)}</span>
          </button>
        );
      })}
    </div>
  );
}

import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { withMessages } from '../../lib/i18n';
import { runningPlan, useActiveDatePlans } from './date-plans-api';

// The card (its words, actions and confirmations) loads only when she has a plan running: most screens never show it.
const DatePlanCard = lazyPart(
  withMessages('rest', () => import('./date-plan-card').then((m) => ({ default: m.DatePlanCard }))),
);

/** Her running date plan on every signed-in screen (./date-plan-card.tsx); nothing when she has none. */
export function DatePlanBanner({ compact = false }: { compact?: boolean }) {
  const plans = useActiveDatePlans();
  if (!runningPlan(plans.data)) return null;
  return (
    <Suspense fallback={null}>
      <DatePlanCard compact={compact} />
    </Suspense>
  );
}

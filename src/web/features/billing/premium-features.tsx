import { Check } from 'lucide-react';
import { PREMIUM_FEATURES } from '../../../contract/billing';

/** The feature list of /subscribe, from the contract's one list. */
export function PremiumFeatureList() {
  return (
    <ul className="grid gap-2" aria-label="Premium features">
      {PREMIUM_FEATURES.map((feature) => (
        <li key={feature.key} className="flex items-center gap-2.5 text-sm text-ink">
          <span
            aria-hidden
            className="grid size-5 shrink-0 place-items-center rounded-full bg-matcha-100 text-matcha-700"
          >
            <Check className="size-3.5" strokeWidth={3} />
          </span>
          {feature.title}
        </li>
      ))}
    </ul>
  );
}

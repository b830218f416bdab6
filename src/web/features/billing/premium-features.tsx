import { Check } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { PREMIUM_FEATURES } from '../../../contract/billing';
import { featureText } from './billing-text';

/** The feature list of /subscribe, from the contract's one list. */
export function PremiumFeatureList() {
  const { t } = useLingui();
  return (
    <ul className="grid gap-2" aria-label={t`Premium features`}>
      {PREMIUM_FEATURES.map((feature) => (
        <li key={feature.key} className="flex items-center gap-2.5 text-sm text-ink">
          <span
            aria-hidden
            className="grid size-5 shrink-0 place-items-center rounded-full bg-matcha-100 text-matcha-700"
          >
            <Check className="size-3.5" strokeWidth={3} />
          </span>
          {featureText(feature.key).title}
        </li>
      ))}
    </ul>
  );
}

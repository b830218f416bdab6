import { Globe2, Landmark, LocateFixed, MapPin, type LucideIcon } from 'lucide-react';
import type { DiscoveryScope } from '../../../contract/discovery';
import { parseLocation } from '../../../contract/location-text';
import { cn } from '../../lib/cn';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

interface ScopeOption {
  scope: DiscoveryScope;
  label: MessageDescriptor;
  /** The state or city name under the label. */
  detail?: string | MessageDescriptor | undefined;
  icon: LucideIcon;
}

/**
 * Nearby (her distance filter), All Areas (anywhere), My State (her state's name), My City (her city's name).
 */
function scopeOptions(location: string, maxDistance?: number): ScopeOption[] {
  const parsed = parseLocation(location);
  return [
    {
      scope: 'nearby',
      label: msg`Nearby`,
      detail: maxDistance ? `${maxDistance} mi` : msg`Near you`,
      icon: LocateFixed,
    },
    { scope: 'all', label: msg`All Areas`, detail: msg`Anywhere`, icon: Globe2 },
    { scope: 'state', label: msg`My State`, detail: parsed?.state, icon: Landmark },
    { scope: 'city', label: msg`My City`, detail: parsed?.city, icon: MapPin },
  ];
}

interface ScopeSelectorProps {
  location: string;
  value: DiscoveryScope;
  onChange: (scope: DiscoveryScope) => void;
}

export function ScopeSelector({ location, value, onChange }: ScopeSelectorProps) {
  const { t, i18n } = useLingui();
  return (
    <div role="group" aria-label={t`Where to look`} className="grid grid-cols-4 gap-1 rounded-full bg-cream-200 p-1">
      {scopeOptions(location).map(({ scope, label, detail: detailText, icon: Icon }) => {
        const detail = typeof detailText === 'object' ? i18n._(detailText) : detailText;
        const active = value === scope;
        // Without a parsable location there is no state or city to narrow to.
        const unavailable = (scope === 'state' || scope === 'city') && !detail;
        return (
          <button
            key={scope}
            type="button"
            aria-pressed={active}
            disabled={unavailable}
            onClick={() => onChange(scope)}
            className={cn(
              'flex min-h-11 min-w-0 flex-col items-center justify-center rounded-full px-1 leading-tight transition-colors disabled:opacity-50',
              active
                ? 'bg-white text-plum-800 shadow-[0_1px_3px_rgb(58_19_49/0.14)]'
                : 'text-ink-soft hover:text-plum-700',
            )}
          >
            {/* One line per label at 390 px ("All Areas" wrapped): the icons give way below 420 px. */}
            <span className="flex items-center gap-1 text-[0.8rem] font-semibold whitespace-nowrap">
              <Icon className="size-3.5 shrink-0 max-[419px]:hidden" aria-hidden />
              {i18n._(label)}
            </span>
            {detail && <span className="w-full truncate text-[0.68rem] font-medium">{detail}</span>}
          </button>
        );
      })}
    </div>
  );
}

import { Link } from 'react-router';
import { Plane } from 'lucide-react';
import { parseLocation } from '../../../contract/location-text';
import { useCurrentUser } from '../../lib/session';
import { useTravel } from './discovery-api';
import { longDate } from './travel-format';
import { useLingui } from '@lingui/react/macro';

/** Discover's reminder that she is in Travel mode: where, until when, and the way to change or end it. */
export function TravelBanner() {
  const user = useCurrentUser();
  const plan = useTravel(user.hasActiveSubscription).data?.plan;
  const { t } = useLingui();
  if (!plan) return null;
  const cityOf = (location: string) => parseLocation(location)?.city ?? location;
  const city = cityOf(plan.location);
  const home = cityOf(plan.homeLocation);
  const until = longDate(plan.until);
  return (
    <section
      aria-label={t`Travel mode`}
      className="flex items-center gap-3 rounded-3xl bg-plum-50 p-4 text-plum-900 ring-1 ring-plum-100"
    >
      <span aria-hidden className="grid size-11 shrink-0 place-items-center rounded-2xl bg-white text-plum-700">
        <Plane className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t`Visiting ${city}`}</p>
        <p className="text-xs leading-snug text-ink-soft">{t`Until ${until}, then ${home} again.`}</p>
      </div>
      <Link
        to="/filters"
        className="inline-flex min-h-11 shrink-0 items-center rounded-full bg-white px-4 text-sm font-semibold text-plum-800 ring-1 ring-plum-100 transition-[background-color,transform] hover:bg-plum-100 active:scale-[0.97]"
      >
        {t`Manage`}
      </Link>
    </section>
  );
}

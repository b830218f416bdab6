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
    // One row, as the ghost banner: on a short phone both can be over the deck, and its buttons must stay in view.
    <section
      aria-label={t`Travel mode`}
      className="flex items-center gap-3 rounded-3xl bg-plum-50 py-2 pr-2 pl-4 text-plum-900 ring-1 ring-plum-100"
    >
      <Plane aria-hidden className="size-5 shrink-0 text-plum-700" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{t`Visiting ${city}`}</p>
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

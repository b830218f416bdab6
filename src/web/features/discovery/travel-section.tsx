import { useState } from 'react';
import { PremiumMark } from '../../components/premium-mark';
import { Link } from 'react-router';
import { Plane } from 'lucide-react';
import { TRAVEL_MAX_DAYS } from '../../../contract/discovery';
import { parseLocation } from '../../../contract/location-text';
import { LocationPicker, type Place } from '../../components/location-picker';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, Input, describedBy } from '../../components/ui/field';
import { toast, toastFailed } from '../../components/ui/toast';
import { useFormErrors } from '../../lib/form-errors';
import { longDate } from './travel-format';
import { useCurrentUser } from '../../lib/session';
import { useTravel, useTravelMutation } from './discovery-api';
import { useLingui } from '@lingui/react/macro';

/** yyyy-mm-dd of a local date, as <input type="date"> reads and writes it. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

/** Her trip ends at the end of the day she picks, in her time zone. */
function endOfDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, 23, 59);
}

function Header({ premium }: { premium: boolean }) {
  const { t } = useLingui();
  const days = TRAVEL_MAX_DAYS;
  return (
    <div className="flex items-start gap-3">
      <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-2xl bg-plum-50 text-plum-700">
        <Plane className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="travel-title" className="font-semibold text-ink">
            {t`Travel mode`}
          </h2>
          {!premium && <PremiumMark />}
        </div>
        <p className="text-xs text-ink-soft">
          {t`Going on a trip? Meet people there before you arrive, for up to ${days} days. They see you as visiting.`}
        </p>
      </div>
    </div>
  );
}

/** Where this marks the city, in the sentence naming her trip. */
const CITY_MARK = '\u2060city\u2060';

/** 'You're visiting **Austin** until Sat, Dec 5. Then Portland comes back on its own.': one message, the city in bold. */
function TripText({ city, home, until }: { city: string; home: string; until: string }) {
  const { t } = useLingui();
  const place = CITY_MARK;
  const [before = '', after = ''] =
    t`You're visiting ${place} until ${until}. Then ${home} comes back on its own.`.split(CITY_MARK);
  return (
    <p className="text-sm text-ink" data-testid="travel-plan">
      {before}
      <strong>{city}</strong>
      {after}
    </p>
  );
}

const TRAVEL_FIELDS = ['location', 'until'] as const;

/** The Travel mode card of Discovery Filters: her running trip with End trip, or a form to plan one. */
export function TravelSection() {
  const user = useCurrentUser();
  const premium = user.hasActiveSubscription;
  const travel = useTravel();
  const save = useTravelMutation();
  const today = new Date();
  const lastDay = localDay(addDays(today, TRAVEL_MAX_DAYS - 1));
  const [place, setPlace] = useState<Place>({ state: '', city: '' });
  const [day, setDay] = useState(localDay(addDays(today, 3)));
  const { formRef, errors: error, setErrors: setError, refuse, refuseFromServer } = useFormErrors(TRAVEL_FIELDS);

  const plan = travel.data?.plan ?? null;
  const { t } = useLingui();
  const days = TRAVEL_MAX_DAYS;

  const start = () => {
    if (!place.state) {
      refuse({ location: t`Choose the state you are visiting` });
      return;
    }
    if (!place.city) {
      refuse({ location: t`Choose the city you are visiting` });
      return;
    }
    if (!day || day < localDay(today) || day > lastDay) {
      refuse({ until: t`Choose a day within the next ${days} days` });
      return;
    }
    refuse({});
    const location = `${place.city}, ${place.state}`;
    save.mutate(
      { location, until: endOfDay(day).toISOString() },
      {
        onSuccess: () => {
          const city = place.city;
          toast({ title: t`You're visiting ${city}`, description: t`Discover now shows people there.` });
        },
        onError: (failure) => {
          if (!refuseFromServer(failure)) toastFailed(t`Could not start your trip`, failure);
        },
      },
    );
  };

  const end = () =>
    save.mutate(null, {
      onSuccess: () => toast({ title: t`Welcome home`, description: t`Discover shows people near you again.` }),
      onError: (failure) => toastFailed(t`Could not end your trip`, failure),
    });

  return (
    <Card className="grid gap-4" aria-labelledby="travel-title" role="region">
      <Header premium={premium} />
      {travel.isPending ? (
        <div role="status" aria-label={t`Loading your trip`} className="h-11 animate-pulse rounded-2xl bg-cream-200" />
      ) : plan ? (
        <div className="grid gap-3">
          <TripText
            city={parseLocation(plan.location)?.city ?? plan.location}
            home={parseLocation(plan.homeLocation)?.city ?? plan.homeLocation}
            until={longDate(plan.until)}
          />
          <Button variant="outline" onClick={end} disabled={save.isPending}>
            {save.isPending ? t`Ending…` : t`End trip now`}
          </Button>
        </div>
      ) : !premium ? (
        <Link
          to="/subscribe"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-plum-700 underline-offset-4 hover:underline"
        >
          {t`Upgrade to Premium to use Travel mode`}
        </Link>
      ) : (
        <form
          ref={formRef}
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            start();
          }}
        >
          <LocationPicker
            idPrefix="travel"
            state={place.state}
            city={place.city}
            onChange={(next) => {
              setPlace(next);
              setError({});
            }}
            error={error.location}
            // Her home city is where Discover already looks: it is not a trip.
            exclude={user.location}
          />
          <Field id="travel-until" label={t`Trip ends`} error={error.until}>
            <Input
              {...describedBy('travel-until', { error: error.until })}
              id="travel-until"
              type="date"
              value={day}
              min={localDay(today)}
              max={lastDay}
              onChange={(event) => {
                setDay(event.target.value);
                setError({});
              }}
            />
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t`Starting…` : t`Start trip`}
          </Button>
        </form>
      )}
    </Card>
  );
}

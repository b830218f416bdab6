import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Slider } from 'radix-ui';
import { ArrowLeft, Coffee, Leaf, MapPin, SlidersHorizontal, Users } from 'lucide-react';
import { type DiscoveryFilters } from '../../../contract/discovery';
import { LIFESTYLE_FILTER_OPTIONS, TEA_PREFERENCES } from '../../../contract/interests';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Chip } from '../../components/ui/chip';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { distanceSlider, distanceText } from '../../lib/distance';
import { useUnits } from '../../lib/preferences';
import { useDiscoveryFilters, useSaveFilters } from './discovery-api';
import { FriendsSection } from './friends-section';
import { LeaveUnsavedGuard } from '../../components/leave-unsaved-guard';
import { toggled } from '../../lib/toggled';
import { teaNameLabel } from '../../lib/tea-labels';
import { TravelSection } from './travel-section';
import { useLingui } from '@lingui/react/macro';
import { AGE_SLIDER, DISTANCE_BOUNDS, describeFilters } from './filter-values';
import { preferenceOptionLabel } from '../../lib/labels/preference-options';

function Section({
  id,
  icon,
  title,
  value,
  hint,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  value?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Card className="grid gap-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-2xl bg-plum-50 text-plum-700">
            {icon}
          </span>
          <div>
            <h2 id={id} className="font-semibold text-ink">
              {title}
            </h2>
            {hint && <p className="text-xs text-ink-soft">{hint}</p>}
          </div>
        </div>
        {value && (
          <output aria-labelledby={id} className="shrink-0 pt-2 text-sm font-bold text-plum-700">
            {value}
          </output>
        )}
      </div>
      {children}
    </Card>
  );
}

const trackClass = 'relative h-2 grow overflow-hidden rounded-full bg-plum-100';
const rangeClass = 'absolute h-full rounded-full bg-plum-600';
const thumbClass =
  'block size-7 rounded-full border-2 border-plum-600 bg-white shadow-[0_2px_8px_rgb(58_19_49/0.25)] transition-transform hover:scale-110 focus-visible:scale-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-plum-200';

const sameFilters = (a: DiscoveryFilters, b: DiscoveryFilters) => JSON.stringify(a) === JSON.stringify(b);

function FiltersForm({ userId, initial }: { userId: string; initial: DiscoveryFilters }) {
  const [filters, setFilters] = useState<DiscoveryFilters>(initial);
  // What is stored as far as this screen knows: her last good save here, or the server's copy.
  const [baseline, setBaseline] = useState<DiscoveryFilters>(initial);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    // A fresh copy (her other device saved): shown at once unless she is in the middle of editing.
    setSeen(initial);
    setBaseline(initial);
    if (sameFilters(filters, baseline)) setFilters(initial);
  }
  const save = useSaveFilters(userId);
  const units = useUnits();
  const { t, i18n } = useLingui();
  const distance = distanceSlider(units, filters.maxDistance, DISTANCE_BOUNDS);

  const onSave = () => {
    const sent = filters;
    save.mutate(sent, {
      onSuccess: () => {
        setBaseline(sent);
        toast({ title: t`Filters updated`, description: t`Your discovery preferences have been saved` });
      },
      onError: () =>
        toast({ title: t`Failed to update filters`, description: t`Please try again`, variant: 'destructive' }),
    });
  };

  return (
    <>
      <LeaveUnsavedGuard dirty={!save.isPending && !sameFilters(filters, baseline)} />
      <Section
        id="age-title"
        icon={<Users className="size-5" />}
        title={t`Age range`}
        value={`${filters.minAge} – ${filters.maxAge}`}
      >
        <Slider.Root
          aria-labelledby="age-title"
          min={AGE_SLIDER.min}
          max={AGE_SLIDER.max}
          step={AGE_SLIDER.step}
          minStepsBetweenThumbs={0}
          value={[filters.minAge, filters.maxAge]}
          onValueChange={([minAge, maxAge]) => {
            if (minAge !== undefined && maxAge !== undefined) setFilters((f) => ({ ...f, minAge, maxAge }));
          }}
          className="relative flex h-8 touch-none items-center select-none"
        >
          <Slider.Track className={trackClass}>
            <Slider.Range className={rangeClass} />
          </Slider.Track>
          <Slider.Thumb aria-label={t`Minimum age`} className={thumbClass} />
          <Slider.Thumb aria-label={t`Maximum age`} className={thumbClass} />
        </Slider.Root>
        <div aria-hidden className="-mt-2 flex justify-between text-xs text-ink-soft">
          <span>{AGE_SLIDER.min}</span>
          <span>{AGE_SLIDER.max}</span>
        </div>
      </Section>

      <Section
        id="distance-title"
        icon={<MapPin className="size-5" />}
        title={t`Maximum distance`}
        hint={t`From the centre of your city`}
        value={distance.text}
      >
        <Slider.Root
          aria-labelledby="distance-title"
          min={distance.min}
          max={distance.max}
          step={1}
          value={[distance.value]}
          onValueChange={([position]) => {
            if (position === undefined) return;
            // From the state as it is now: two moves may come before the next render.
            setFilters((f) => ({
              ...f,
              maxDistance: distanceSlider(units, f.maxDistance, DISTANCE_BOUNDS).milesAt(position),
            }));
          }}
          className="relative flex h-8 touch-none items-center select-none"
        >
          <Slider.Track className={trackClass}>
            <Slider.Range className={rangeClass} />
          </Slider.Track>
          <Slider.Thumb aria-label={t`Maximum distance`} aria-valuetext={distance.text} className={thumbClass} />
        </Slider.Root>
        <div aria-hidden className="-mt-2 flex justify-between text-xs text-ink-soft">
          <span>{distanceText(DISTANCE_BOUNDS.min, units)}</span>
          <span>{distanceText(DISTANCE_BOUNDS.max, units)}</span>
        </div>
      </Section>

      <Section
        id="tea-title"
        icon={<Coffee className="size-5" />}
        title={t`Tea preferences`}
        hint={t`Show people who enjoy any of these`}
      >
        <ul aria-labelledby="tea-title" className="flex flex-wrap gap-2">
          {TEA_PREFERENCES.map((tea) => (
            <li key={tea}>
              <Chip
                label={teaNameLabel(i18n, tea)}
                tone="matcha"
                pressed={filters.teaPreferences.includes(tea)}
                onToggle={() => setFilters((f) => ({ ...f, teaPreferences: toggled(f.teaPreferences, tea) }))}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="lifestyle-title"
        icon={<Leaf className="size-5" />}
        title={t`Lifestyle`}
        hint={t`Show people into any of these`}
      >
        <ul aria-labelledby="lifestyle-title" className="flex flex-wrap gap-2">
          {LIFESTYLE_FILTER_OPTIONS.map((option) => (
            <li key={option}>
              <Chip
                label={preferenceOptionLabel(option)}
                pressed={filters.lifestylePreferences.includes(option)}
                onToggle={() =>
                  setFilters((f) => ({ ...f, lifestylePreferences: toggled(f.lifestylePreferences, option) }))
                }
              />
            </li>
          ))}
        </ul>
      </Section>

      <section
        aria-labelledby="summary-title"
        className="rounded-(--radius-card) bg-gradient-to-br from-plum-700 to-plum-900 p-5 text-white shadow-float"
      >
        <h2 id="summary-title" className="flex items-center gap-2 font-display text-lg font-semibold">
          <SlidersHorizontal className="size-4 text-matcha-200" aria-hidden />
          {t`Your filters`}
        </h2>
        <ul className="mt-3 grid gap-1.5 text-sm text-plum-100" data-testid="filters-summary">
          {describeFilters(filters, units).map((line) => (
            <li key={line} className="flex gap-2">
              <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-matcha-300" />
              {line}
            </li>
          ))}
        </ul>
      </section>

      <div data-obscures-focus="bottom" className="sticky bottom-[calc(5rem+env(safe-area-inset-bottom))] z-10">
        <Button size="lg" block onClick={onSave} disabled={save.isPending}>
          {save.isPending ? t`Saving…` : t`Save Filters`}
        </Button>
      </div>
    </>
  );
}

/** /filters: who shows up in Discover. */
export function FiltersPage() {
  const user = useCurrentUser();
  const query = useDiscoveryFilters(user.id);
  const { t } = useLingui();
  useDocumentTitle(t`Discovery Filters · Steep`);

  return (
    <div className="grid gap-4 px-4 pt-3 pb-8">
      <Link to="/home" className={cn(buttonClasses('ghost', 'md'), '-ml-2 w-fit')}>
        <ArrowLeft className="size-4" aria-hidden />
        {t`Back to Discover`}
      </Link>
      <header className="px-1">
        <h1 className="font-display text-3xl font-semibold text-plum-900">{t`Discovery Filters`}</h1>
        <p className="mt-1 text-sm text-ink-soft">{t`Choose who you see in Discover.`}</p>
      </header>
      <TravelSection />
      <FriendsSection />
      {query.isPending ? (
        <div role="status" aria-label={t`Loading filters`} className="grid gap-4">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-32 animate-pulse rounded-(--radius-card) bg-cream-200" />
          ))}
        </div>
      ) : query.isError ? (
        <Card role="alert" className="grid justify-items-center gap-3 text-center">
          <p className="text-sm text-ink-soft">{t`Couldn't load your filters.`}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t`Try again`}
          </Button>
        </Card>
      ) : (
        <FiltersForm userId={user.id} initial={query.data} />
      )}
    </div>
  );
}

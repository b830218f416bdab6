import { useState } from 'react';
import { Users } from 'lucide-react';
import {
  FILTER_AGE_MAX,
  FILTER_AGE_MIN,
  FILTER_DISTANCE_MAX,
  FILTER_DISTANCE_MIN,
  FRIENDS_INTERESTS_MAX,
  LOOKING_FOR,
  type FriendsFilters,
  type LookingFor,
} from '../../../contract/discovery';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Chip } from '../../components/ui/chip';
import { FIELD_ERROR_CLASS, Field, Input, describedBy } from '../../components/ui/field';
import { toast, toastFailed } from '../../components/ui/toast';
import { useFormErrors, type FieldErrors as Problems } from '../../lib/form-errors';
import { cn } from '../../lib/cn';
import { toggled } from '../../lib/toggled';
import { useCurrentUser } from '../../lib/session';
import { useUnits } from '../../lib/preferences';
import { kmFromMiles, milesFromKm } from '../../lib/distance';
import { useFriendsFilters, useLookingFor, useSaveFriendsFilters, useSetLookingFor } from './discovery-api';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { interestLabel } from '../../lib/labels/interests';

const LABELS: Record<LookingFor, { title: MessageDescriptor; text: MessageDescriptor }> = {
  dating: { title: msg`Dating`, text: msg`Only the dating deck` },
  friends: { title: msg`Friends`, text: msg`Only the Friends deck` },
  both: { title: msg`Both`, text: msg`Dating and Friends` },
};

/** "Looking for": Dating / Friends / Both, saved as soon as she picks one (a radio group, arrow keys move). */
function LookingForChoice() {
  const current = useLookingFor();
  const save = useSetLookingFor();
  const value = current.data?.lookingFor ?? 'dating';
  const { t, i18n } = useLingui();
  const choose = (next: LookingFor) => {
    if (next === value) return;
    const label = i18n._(LABELS[next].title);
    save.mutate(next, {
      onSuccess: () =>
        toast({
          title: t`Looking for: ${label}`,
          description:
            next === 'dating'
              ? t`You are in the dating deck only.`
              : next === 'friends'
                ? t`You are in the Friends deck only.`
                : t`Switch decks at the top of Discover.`,
        }),
      onError: (failure) => toastFailed(t`Could not save`, failure),
    });
  };
  return (
    <fieldset className="grid gap-2" disabled={current.isPending}>
      <legend className="mb-2 text-sm font-semibold text-ink">{t`Looking for`}</legend>
      <div className="grid grid-cols-3 gap-2">
        {LOOKING_FOR.map((option) => (
          <label
            key={option}
            className={cn(
              'grid min-h-14 cursor-pointer place-items-center rounded-2xl border px-2 py-2 text-center transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-plum-200',
              value === option
                ? 'border-plum-700 bg-plum-700 text-white'
                : 'border-cream-300 bg-white text-ink hover:border-plum-200',
            )}
          >
            <input
              type="radio"
              name="looking-for"
              value={option}
              checked={value === option}
              onChange={() => choose(option)}
              className="sr-only"
            />
            <span className="text-sm font-semibold">{i18n._(LABELS[option].title)}</span>
            <span className={cn('text-[0.7rem]', value === option ? 'text-plum-100' : 'text-ink-soft')}>
              {i18n._(LABELS[option].text)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const FIELDS = ['minAge', 'maxAge', 'maxDistance', 'interests'] as const;
type FieldErrors = Problems<(typeof FIELDS)[number]>;

/** The Friends deck's filters: age range, distance and shared interests (from her own profile's). */
function FriendsFiltersForm({ userId, initial }: { userId: string; initial: FriendsFilters }) {
  const user = useCurrentUser();
  const save = useSaveFriendsFilters(userId);
  // The distance is typed in her units; the server keeps whole miles (lib/distance.ts converts at the edge).
  const metric = useUnits() === 'metric';
  const [minAge, setMinAge] = useState(String(initial.minAge));
  const [maxAge, setMaxAge] = useState(String(initial.maxAge));
  const [maxDistance, setMaxDistance] = useState(
    String(metric ? kmFromMiles(initial.maxDistance) : initial.maxDistance),
  );
  const [interests, setInterests] = useState<readonly string[]>(initial.interests);
  const { formRef, errors, setErrors, refuse, refuseFromServer } = useFormErrors(FIELDS);
  const { t } = useLingui();
  const choices = [...new Set([...user.interests, ...initial.interests])];

  /** The server's rules, checked here first so she reads them in her language. */
  const check = (body: { minAge: number; maxAge: number; maxDistance: number }): FieldErrors => {
    const [ageMin, ageMax, milesMin, milesMax] = [
      FILTER_AGE_MIN,
      FILTER_AGE_MAX,
      FILTER_DISTANCE_MIN,
      FILTER_DISTANCE_MAX,
    ];
    const [kmMin, kmMax] = [kmFromMiles(milesMin), kmFromMiles(milesMax)];
    const age = (value: number) =>
      Number.isInteger(value) && value >= ageMin && value <= ageMax
        ? undefined
        : t`Enter an age from ${ageMin} to ${ageMax}`;
    const fields: FieldErrors = {
      minAge: age(body.minAge),
      maxAge: age(body.maxAge),
      maxDistance: metric
        ? Number.isInteger(body.maxDistance) && body.maxDistance >= kmMin && body.maxDistance <= kmMax
          ? undefined
          : t`Enter whole kilometres from ${kmMin} to ${kmMax}`
        : Number.isInteger(body.maxDistance) && body.maxDistance >= milesMin && body.maxDistance <= milesMax
          ? undefined
          : t`Enter whole miles from ${milesMin} to ${milesMax}`,
    };
    if (!fields.minAge && !fields.maxAge && body.minAge > body.maxAge)
      fields.maxAge = t`Maximum age must be at least the minimum age`;
    return fields;
  };

  const submit = () => {
    const body = { minAge: Number(minAge), maxAge: Number(maxAge), maxDistance: Number(maxDistance) };
    if (refuse(check(body))) return;
    const miles = metric
      ? milesFromKm(body.maxDistance, { min: FILTER_DISTANCE_MIN, max: FILTER_DISTANCE_MAX })
      : body.maxDistance;
    save.mutate(
      { ...body, maxDistance: miles, interests: [...interests] },
      {
        onSuccess: () => toast({ title: t`Friends filters saved`, description: t`Your Friends deck uses them now.` }),
        onError: (failure) => {
          if (!refuseFromServer(failure)) toastFailed(t`Could not save`, failure);
        },
      },
    );
  };

  const number = (id: keyof FieldErrors, label: string, value: string, set: (v: string) => void) => (
    <Field id={`friends-${id}`} label={label} error={errors[id]}>
      <Input
        {...describedBy(`friends-${id}`, { error: errors[id] })}
        id={`friends-${id}`}
        type="number"
        inputMode="numeric"
        value={value}
        onChange={(event) => {
          set(event.target.value);
          setErrors({});
        }}
      />
    </Field>
  );

  return (
    <form
      ref={formRef}
      aria-labelledby="friends-filters-title"
      className="grid gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id="friends-filters-title" className="text-sm font-semibold text-ink">
        {t`Friends filters`}
      </h3>
      <div className="grid grid-cols-3 items-start gap-2">
        {number('minAge', t`Min age`, minAge, setMinAge)}
        {number('maxAge', t`Max age`, maxAge, setMaxAge)}
        {number('maxDistance', metric ? t`Kilometres` : t`Miles`, maxDistance, setMaxDistance)}
      </div>
      {choices.length > 0 && (
        <div className="grid gap-2">
          <p id="friends-interests-title" className="text-sm font-semibold text-ink">
            {t`Shared interests`} <span className="font-normal text-ink-soft">{t`(any of these; none: everyone)`}</span>
          </p>
          <ul aria-labelledby="friends-interests-title" className="flex flex-wrap gap-2">
            {choices.map((interest) => (
              <li key={interest}>
                <Chip
                  label={interestLabel(interest)}
                  tone="matcha"
                  pressed={interests.includes(interest)}
                  onToggle={() => setInterests((list) => toggled(list, interest).slice(0, FRIENDS_INTERESTS_MAX))}
                />
              </li>
            ))}
          </ul>
          {errors.interests && (
            <p role="alert" data-field-error className={FIELD_ERROR_CLASS}>
              {errors.interests}
            </p>
          )}
        </div>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t`Saving…` : t`Save Friends filters`}
      </Button>
    </form>
  );
}

/**
 * The Friends mode card of Discovery Filters: what she is looking for, and, when it includes friends,
 * the Friends deck's own filters (no deal breakers or tea and lifestyle chips: those are for dating).
 */
export function FriendsSection() {
  const user = useCurrentUser();
  const lookingFor = useLookingFor().data?.lookingFor ?? 'dating';
  const filters = useFriendsFilters(user.id);
  const { t } = useLingui();
  return (
    <Card className="grid gap-4" aria-labelledby="friends-mode-title" role="region">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="grid size-10 shrink-0 place-items-center rounded-2xl bg-matcha-100 text-matcha-700"
        >
          <Users className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="friends-mode-title" className="font-semibold text-ink">
            {t`Friends mode`}
          </h2>
          <p className="text-xs text-ink-soft">
            {t`Looking for friends too? The Friends deck has its own likes and matches, apart from dating.`}
          </p>
        </div>
      </div>
      <LookingForChoice />
      {lookingFor !== 'dating' && filters.data && <FriendsFiltersForm userId={user.id} initial={filters.data} />}
    </Card>
  );
}

import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { US_STATES, citiesOf } from '../../contract/locations';
import { Field, NativeSelect, describedBy } from './ui/field';

export interface Place {
  state: string;
  city: string;
}

interface LocationPickerProps {
  /** Prefixes the select ids (`${idPrefix}-state`, `${idPrefix}-city`) so each form keeps its own. */
  idPrefix: string;
  state: string;
  city: string;
  onChange: (place: Place) => void;
  /**
   * The server reports the location as one field: it is shown under State while no state is chosen,
   * else under City, the part chosen last.
   */
  error?: string | undefined;
  /** A 'City, State' not to offer (Travel mode leaves out her home city). */
  exclude?: string | undefined;
}

/** The State → City select pair behind a 'City, State' location. */
export function LocationPicker({ idPrefix, state, city, onChange, error, exclude }: LocationPickerProps) {
  const stateId = `${idPrefix}-state`;
  const cityId = `${idPrefix}-city`;
  const { t } = useLingui();
  const cities = useMemo(
    () =>
      state
        ? citiesOf(state)
            .filter((c) => `${c}, ${state}` !== exclude)
            .sort((a, b) => a.localeCompare(b))
        : [],
    [state, exclude],
  );
  const stateError = state ? undefined : error;
  const cityError = state ? error : undefined;

  return (
    // Stacked: side by side at phone width, 'Choose state' and longer names (Massachusetts) were cut.
    <div className="grid gap-3">
      <Field id={stateId} label={t`State`} error={stateError}>
        <NativeSelect
          id={stateId}
          name="state"
          required
          value={state}
          {...describedBy(stateId, { error: stateError })}
          // A city belongs to one state, so a new state invalidates the old city.
          onChange={(e) => onChange({ state: e.target.value, city: '' })}
        >
          <option value="" disabled>
            {t`Choose state`}
          </option>
          {US_STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={cityId} label={t`City`} error={cityError}>
        <NativeSelect
          id={cityId}
          name="city"
          required
          disabled={!state}
          value={city}
          onChange={(e) => onChange({ state, city: e.target.value })}
          {...describedBy(cityId, { error: cityError })}
        >
          <option value="" disabled>
            {state ? t`Choose city` : t`State first`}
          </option>
          {cities.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  );
}

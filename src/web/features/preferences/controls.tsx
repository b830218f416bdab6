import { useId, type ReactNode } from 'react';
import { Slider, Switch } from 'radix-ui';
import type { Units } from '../../../contract/preferences';
// The same limits as the filters screen's sliders (one source: the contract's preference-limits).
import { AGE_MAX, AGE_MIN, DISTANCE_MAX, DISTANCE_MIN } from '../../../contract/preference-limits';
import { cn } from '../../lib/cn';
import { distanceSlider, distanceText } from '../../lib/distance';
import { useLingui } from '@lingui/react/macro';

/** A labelled on/off switch row (44px target). */
export function SwitchRow({
  label,
  hint,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center justify-between gap-4">
      <div className={cn('grid', disabled && 'opacity-60')}>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {hint && <span className="text-xs text-ink-soft">{hint}</span>}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        className="relative h-7 w-12 shrink-0 rounded-full bg-cream-300 transition-colors data-[state=checked]:bg-plum-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Switch.Thumb className="block size-6 translate-x-0.5 rounded-full bg-cream-50 shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}

/** A labelled native select over a fixed list. */
export function SelectRow<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
        className="h-12 rounded-2xl border border-cream-300 bg-cream-50 px-4 text-[0.95rem] text-ink focus:border-plum-400 focus:outline-none focus:ring-4 focus:ring-plum-100"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const trackClass = 'relative h-2 grow overflow-hidden rounded-full bg-plum-100';
const rangeClass = 'absolute h-full rounded-full bg-plum-600';
const thumbClass =
  'block size-7 rounded-full border-2 border-plum-600 bg-cream-50 shadow transition-transform focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-plum-200';

/** A one- or two-thumb slider with its title and current value. */
function SliderField({
  title,
  valueText,
  min,
  max,
  step,
  value,
  thumbLabels,
  onChange,
  ends,
}: {
  title: string;
  valueText: string;
  min: number;
  max: number;
  step: number;
  value: number[];
  thumbLabels: string[];
  onChange: (value: number[]) => void;
  ends: [ReactNode, ReactNode];
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between">
        <span id={id} className="text-sm font-semibold text-ink">
          {title}
        </span>
        <output aria-labelledby={id} className="text-sm font-bold text-plum-700">
          {valueText}
        </output>
      </div>
      <Slider.Root
        aria-labelledby={id}
        min={min}
        max={max}
        step={step}
        minStepsBetweenThumbs={0}
        value={value}
        onValueChange={onChange}
        className="relative flex h-8 touch-none items-center select-none"
      >
        <Slider.Track className={trackClass}>
          <Slider.Range className={rangeClass} />
        </Slider.Track>
        {thumbLabels.map((label) => (
          <Slider.Thumb key={label} aria-label={label} aria-valuetext={valueText} className={thumbClass} />
        ))}
      </Slider.Root>
      <div aria-hidden className="-mt-1 flex justify-between text-xs text-ink-soft">
        <span>{ends[0]}</span>
        <span>{ends[1]}</span>
      </div>
    </div>
  );
}

/** The age-range slider both preference screens edit. */
export function AgeRangeField({
  value,
  onChange,
}: {
  value: [number, number];
  onChange: (value: [number, number]) => void;
}) {
  const { t } = useLingui();
  return (
    <SliderField
      title={t`Age range`}
      valueText={`${value[0]} – ${value[1]}`}
      min={AGE_MIN}
      max={AGE_MAX}
      step={1}
      value={value}
      thumbLabels={[t`Minimum age`, t`Maximum age`]}
      onChange={([min, max]) => {
        if (min !== undefined && max !== undefined) onChange([min, max]);
      }}
      ends={[AGE_MIN, AGE_MAX]}
    />
  );
}

const DISTANCE_BOUNDS = { min: DISTANCE_MIN, max: DISTANCE_MAX } as const;

/** The maximum-distance slider: whole miles for the server, moved and shown in her units (lib/units.ts). */
export function DistanceField({
  value,
  units,
  onChange,
}: {
  value: number;
  units: Units;
  onChange: (value: number) => void;
}) {
  const { t } = useLingui();
  const slider = distanceSlider(units, value, DISTANCE_BOUNDS);
  return (
    <SliderField
      title={t`Maximum distance`}
      valueText={slider.text}
      min={slider.min}
      max={slider.max}
      step={1}
      value={[slider.value]}
      thumbLabels={[t`Maximum distance`]}
      onChange={([position]) => {
        if (position !== undefined) onChange(slider.milesAt(position));
      }}
      ends={[distanceText(DISTANCE_BOUNDS.min, units), distanceText(DISTANCE_BOUNDS.max, units)]}
    />
  );
}

/** Tab trigger styling shared by both preference screens. */
export const tabTriggerClass =
  'min-h-11 shrink-0 rounded-full px-3 text-sm font-semibold text-ink-soft transition-colors data-[state=active]:bg-plum-700 data-[state=active]:text-white hover:bg-plum-50';

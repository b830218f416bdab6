import { INTEREST_CATEGORIES, TEA_PREFERENCES, type TeaPreference } from '../../contract/interests';
import { cn } from '../lib/cn';
import { Chip } from './ui/chip';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

function PickerError({ error }: { error: string | undefined }) {
  return error ? (
    <p role="alert" className="text-xs font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

interface InterestPickerProps {
  /** Heading ids are `${idPrefix}-cat-<category>`; they name each category's group. */
  idPrefix: string;
  /** One level below the enclosing section's heading, so the outline stays intact. */
  headingLevel: 'h3' | 'h4';
  /** 'scroll': two rows per category that scroll sideways keep ~100 chips from turning a long form into a wall. */
  layout?: 'wrap' | 'scroll';
  selected: readonly string[];
  /** The selection with one interest toggled; a caller enforcing a limit can refuse it. */
  onChange: (next: string[]) => void;
  error?: string | undefined;
}

/** The interest catalogue as toggle chips, one labelled group per category. */
export function InterestPicker({
  idPrefix,
  headingLevel: Heading,
  layout = 'wrap',
  selected,
  onChange,
  error,
}: InterestPickerProps) {
  const chips = (interests: readonly string[]) => (
    <div className={cn('flex flex-wrap gap-2', layout === 'scroll' && 'w-max max-w-[44rem]')}>
      {interests.map((interest) => (
        <Chip
          key={interest}
          label={interest}
          pressed={selected.includes(interest)}
          onToggle={() => onChange(toggle(selected, interest))}
        />
      ))}
    </div>
  );

  return (
    <>
      {INTEREST_CATEGORIES.map((category) => {
        const headingId = `${idPrefix}-cat-${slug(category.name)}`;
        return (
          <div key={category.name} role="group" aria-labelledby={headingId} className="grid gap-2">
            <Heading id={headingId} className="text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">
              {category.name}
            </Heading>
            {layout === 'scroll' ? (
              // The negative margin lets rows scroll through the surrounding padding instead of being clipped at it.
              <div className="-mx-5 overflow-x-auto px-5 pb-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
                {chips(category.interests)}
              </div>
            ) : (
              chips(category.interests)
            )}
          </div>
        );
      })}
      <PickerError error={error} />
    </>
  );
}

interface TeaInterestPickerProps<T extends string> {
  selected: readonly T[];
  /** Widened with TeaPreference because a toggled-on tea joins whatever was already stored. */
  onChange: (next: (T | TeaPreference)[]) => void;
  error?: string | undefined;
}

/** The tea catalogue as toggle chips in one group named 'Tea interests'. */
export function TeaInterestPicker<T extends string>({ selected, onChange, error }: TeaInterestPickerProps<T>) {
  const chosen: readonly string[] = selected;
  return (
    <>
      <div role="group" aria-label="Tea interests" className="flex flex-wrap gap-2">
        {TEA_PREFERENCES.map((tea) => (
          <Chip
            key={tea}
            label={tea}
            tone="matcha"
            pressed={chosen.includes(tea)}
            onToggle={() => onChange(toggle<T | TeaPreference>(selected, tea))}
          />
        ))}
      </div>
      <PickerError error={error} />
    </>
  );
}

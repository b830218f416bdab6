import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { INTEREST_CATEGORIES, TEA_PREFERENCES, type TeaPreference } from '../../contract/interests';
import { Chip } from './ui/chip';
import { FIELD_ERROR_CLASS } from './ui/field';
import { interestCategoryLabel } from '../lib/labels/interest-categories';
import { interestLabel } from '../lib/labels/interests';
import { teaNameLabel } from '../lib/tea-labels';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function toggle<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

function PickerError({ error }: { error: string | undefined }) {
  return error ? (
    <p role="alert" data-field-error className={FIELD_ERROR_CLASS}>
      {error}
    </p>
  ) : null;
}

/** Chips a collapsed category shows: the first few, and any chosen one beyond them. */
const COLLAPSED_CHIPS = 8;
function shownWhenCollapsed(interests: readonly string[], selected: readonly string[]): string[] {
  return interests.filter((interest, index) => index < COLLAPSED_CHIPS || selected.includes(interest));
}

interface InterestPickerProps {
  /** Heading ids are `${idPrefix}-cat-<category>`; they name each category's group. */
  idPrefix: string;
  /** One level below the enclosing section's heading, so the outline stays intact. */
  headingLevel: 'h3' | 'h4';
  /**
   * 'collapsed': each category shows its first few chips and a 'Show all' button, which keeps ~100 chips
   * from turning a long form into a wall. Every chip wraps inside the card: none is cut at its edge.
   */
  layout?: 'wrap' | 'collapsed';
  /** Only these interests; a category with none of them is left out (Edit Profile's chosen-interests view). */
  only?: ReadonlySet<string>;
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
  only,
  selected,
  onChange,
  error,
}: InterestPickerProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const chips = (interests: readonly string[]) => (
    <div className="flex flex-wrap gap-2">
      {interests.map((interest) => (
        <Chip
          key={interest}
          label={interestLabel(interest)}
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
        const all: readonly string[] = category.interests;
        const interests = only ? all.filter((interest) => only.has(interest)) : all;
        if (interests.length === 0) return null;
        return (
          <div key={category.name} role="group" aria-labelledby={headingId} className="grid gap-2">
            <Heading id={headingId} className="text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">
              {interestCategoryLabel(category.name)}
            </Heading>
            {layout === 'collapsed' && !expanded.has(category.name) && category.interests.length > COLLAPSED_CHIPS ? (
              <>
                {chips(shownWhenCollapsed(category.interests, selected))}
                <button
                  type="button"
                  aria-expanded={false}
                  onClick={() => setExpanded((current) => new Set(current).add(category.name))}
                  className="inline-flex min-h-11 items-center justify-self-start px-1 text-sm font-semibold text-plum-700 underline-offset-4 hover:underline"
                >
                  <Trans>
                    Show all {category.interests.length}
                    <span className="sr-only"> {interestCategoryLabel(category.name)} interests</span>
                  </Trans>
                </button>
              </>
            ) : (
              chips(interests)
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
  const { t, i18n } = useLingui();
  const chosen: readonly string[] = selected;
  return (
    <>
      <div role="group" aria-label={t`Tea interests`} className="flex flex-wrap gap-2">
        {TEA_PREFERENCES.map((tea) => (
          <Chip
            key={tea}
            label={teaNameLabel(i18n, tea)}
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

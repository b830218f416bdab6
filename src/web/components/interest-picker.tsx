import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { INTEREST_CATEGORIES, TEA_PREFERENCES, type TeaPreference } from '../../contract/interests';
import { ChipGroup } from './ui/chip-group';
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

/** The interest catalogue as toggle chips, one labelled group per category, each group one Tab stop. */
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
  // 'Show all' goes away as it opens its category: her focus moves to the first chip it revealed, not to the page.
  const focusOnMount = useRef<string | undefined>(undefined);
  const itemRef = (value: string, element: HTMLButtonElement | null) => {
    if (!element || focusOnMount.current !== value) return;
    focusOnMount.current = undefined;
    element.focus();
  };
  const chips = (interests: readonly string[], headingId: string) => (
    <ChipGroup
      aria-labelledby={headingId}
      options={interests.map((interest) => ({ value: interest, label: interestLabel(interest) }))}
      selected={selected}
      onToggle={(interest) => onChange(toggle(selected, interest))}
      itemRef={itemRef}
    />
  );

  return (
    <>
      {INTEREST_CATEGORIES.map((category) => {
        const headingId = `${idPrefix}-cat-${slug(category.name)}`;
        const all: readonly string[] = category.interests;
        const interests = only ? all.filter((interest) => only.has(interest)) : all;
        if (interests.length === 0) return null;
        const collapsed =
          layout === 'collapsed' && !expanded.has(category.name) && category.interests.length > COLLAPSED_CHIPS;
        return (
          <div key={category.name} className="grid gap-2">
            <Heading id={headingId} className="text-xs font-semibold tracking-[0.12em] text-ink-soft uppercase">
              {interestCategoryLabel(category.name)}
            </Heading>
            {collapsed ? (
              <>
                {chips(shownWhenCollapsed(category.interests, selected), headingId)}
                <button
                  type="button"
                  aria-expanded={false}
                  onClick={() => {
                    const shown = shownWhenCollapsed(category.interests, selected);
                    setExpanded((current) => new Set(current).add(category.name));
                    focusOnMount.current = category.interests.find((interest) => !shown.includes(interest));
                  }}
                  className="inline-flex min-h-11 items-center justify-self-start px-1 text-sm font-semibold text-plum-700 underline-offset-4 hover:underline"
                >
                  <Trans>
                    Show all {category.interests.length}
                    <span className="sr-only"> {interestCategoryLabel(category.name)} interests</span>
                  </Trans>
                </button>
              </>
            ) : (
              chips(interests, headingId)
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
      <ChipGroup
        aria-label={t`Tea interests`}
        tone="matcha"
        options={TEA_PREFERENCES.map((tea) => ({ value: tea, label: teaNameLabel(i18n, tea) }))}
        selected={chosen}
        onToggle={(tea) => onChange(toggle<T | TeaPreference>(selected, tea as TeaPreference))}
      />
      <PickerError error={error} />
    </>
  );
}

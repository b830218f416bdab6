import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { INTEREST_NAMES } from '../../../contract/interests';
import { InterestPicker } from '../../components/interest-picker';
import { cn } from '../../lib/cn';

interface ChosenInterestsPickerProps {
  selected: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
}

/**
 * Edit Profile's interests: the ones she chose, under their categories, and the whole catalogue one button away.
 * Every chip is a Tab stop, so the full catalogue (over 100) shown at once put Save some 140 Tab stops away.
 * The button comes before the chips it reveals: opened by keyboard, her next Tab goes into them.
 */
export function ChosenInterestsPicker({ selected, onChange, error }: ChosenInterestsPickerProps) {
  const { t } = useLingui();
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  // What the short view shows: her interests when the page opened and any she chose since. One she takes off
  // stays (unpressed), so a slip is undone with one more tap and her focus does not vanish with the chip.
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set(selected));
  const total = INTEREST_NAMES.size;

  return (
    <>
      <button
        type="button"
        aria-expanded={showAll}
        aria-controls={listId}
        onClick={() => {
          if (showAll) setShown(new Set([...shown, ...selected]));
          setShowAll(!showAll);
        }}
        className="inline-flex min-h-11 items-center gap-1.5 justify-self-start rounded-full px-1 text-sm font-semibold text-plum-700 underline-offset-4 hover:underline"
      >
        <ChevronDown aria-hidden className={cn('size-4 transition-transform', showAll && 'rotate-180')} />
        {showAll ? t`Show only your interests` : t`Show all ${total} interests`}
      </button>
      <div id={listId} className="grid gap-4">
        {!showAll && shown.size === 0 && <p className="text-sm text-ink-soft">{t`You have not chosen any yet.`}</p>}
        <InterestPicker
          idPrefix="edit"
          headingLevel="h3"
          selected={selected}
          onChange={onChange}
          error={error}
          only={showAll ? undefined : shown}
        />
      </div>
    </>
  );
}

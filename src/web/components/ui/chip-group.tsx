import { Check } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { chipClass, type Tone } from './chip';

/* Its own module: Discover's short chip rows (./chip) load on the first paint of /home; Radix's toggle group need not. */

interface ChipGroupProps {
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  /** The one option she pressed; the caller decides the new selection (and may refuse it, at a limit). */
  onToggle: (value: string) => void;
  tone?: Tone;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** Lets a caller move focus into the group (after revealing more chips, say). */
  itemRef?: (value: string, element: HTMLButtonElement | null) => void;
}

/**
 * A long set of toggle chips as one Tab stop: the arrow keys move between chips, Space or Enter presses one
 * (Radix's roving focus). A category of a hundred interests would otherwise be a hundred Tab stops between
 * her and the Save button.
 */
export function ChipGroup({ options, selected, onToggle, tone = 'plum', itemRef, ...label }: ChipGroupProps) {
  const pressed = options.map((option) => option.value).filter((value) => selected.includes(value));
  return (
    <ToggleGroup.Root
      type="multiple"
      value={pressed}
      onValueChange={(next) => {
        const changed =
          next.find((value) => !pressed.includes(value)) ?? pressed.find((value) => !next.includes(value));
        if (changed !== undefined) onToggle(changed);
      }}
      className="flex flex-wrap gap-2"
      {...label}
    >
      {options.map(({ value, label: text }) => {
        const on = selected.includes(value);
        return (
          <ToggleGroup.Item
            key={value}
            value={value}
            ref={itemRef ? (element) => itemRef(value, element) : undefined}
            className={chipClass(on, tone)}
          >
            {on && <Check aria-hidden className="-ml-1 size-3.5" strokeWidth={3} />}
            {text}
          </ToggleGroup.Item>
        );
      })}
    </ToggleGroup.Root>
  );
}

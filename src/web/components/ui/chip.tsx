import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';

export type Tone = 'plum' | 'matcha';

export function chipClass(pressed: boolean, tone: Tone) {
  return cn(
    'inline-flex min-h-11 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-4 text-sm font-medium transition-all duration-150 active:scale-[0.97]',
    pressed
      ? tone === 'plum'
        ? 'border-plum-700 bg-plum-700 text-white shadow-[0_4px_12px_-6px_rgb(107_36_88/0.7)]'
        : 'border-matcha-600 bg-matcha-600 text-white shadow-[0_4px_12px_-6px_rgb(70_93_36/0.7)]'
      : 'border-cream-300 bg-white text-ink hover:border-plum-200 hover:bg-plum-50',
  );
}

interface ChipProps {
  label: string;
  pressed: boolean;
  onToggle: () => void;
  tone?: Tone;
}

/** A toggle chip (aria-pressed), for a short set where each chip may be its own Tab stop. */
export function Chip({ label, pressed, onToggle, tone = 'plum' }: ChipProps) {
  return (
    <button type="button" aria-pressed={pressed} onClick={onToggle} className={chipClass(pressed, tone)}>
      {pressed && <Check aria-hidden className="-ml-1 size-3.5" strokeWidth={3} />}
      {label}
    </button>
  );
}

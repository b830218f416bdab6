import { Heart, Users, type LucideIcon } from 'lucide-react';
import type { DiscoveryMode } from '../../../contract/discovery';
import { cn } from '../../lib/cn';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

const DECKS: ReadonlyArray<{ mode: DiscoveryMode; label: MessageDescriptor; icon: LucideIcon }> = [
  { mode: 'dating', label: msg`Dating`, icon: Heart },
  { mode: 'friends', label: msg`Friends`, icon: Users },
];

/**
 * Dating | Friends (Friends mode): shown only to a member looking for both. Each deck has its own cards,
 * likes and matches.
 */
export function DeckSwitch({ value, onChange }: { value: DiscoveryMode; onChange: (mode: DiscoveryMode) => void }) {
  const { t, i18n } = useLingui();
  return (
    <div role="group" aria-label={t`Deck`} className="grid grid-cols-2 gap-1 rounded-full bg-plum-50 p-1">
      {DECKS.map(({ mode, label, icon: Icon }) => {
        const active = value === mode;
        return (
          <button
            key={mode}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(mode)}
            className={cn(
              'flex min-h-11 items-center justify-center gap-1.5 rounded-full text-sm font-semibold transition-colors',
              active
                ? 'bg-plum-700 text-white shadow-[0_1px_3px_rgb(58_19_49/0.2)]'
                : 'text-plum-800 hover:bg-plum-100',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {i18n._(label)}
          </button>
        );
      })}
    </div>
  );
}

import { useState } from 'react';
import { Popover } from 'radix-ui';
import { SmilePlus } from 'lucide-react';
import { REACTION_EMOJI, type ReactionEmoji, type ReactionGroup } from '../../../contract/chat';
import { cn } from '../../lib/cn';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** Spoken names for the product's 10 emoji (screen readers read the glyphs inconsistently). */
const REACTION_LABELS: Record<ReactionEmoji, MessageDescriptor> = {
  '❤️': msg`heart`,
  '😍': msg`heart eyes`,
  '😊': msg`smile`,
  '😁': msg`grin`,
  '🔥': msg`fire`,
  '💯': msg`hundred`,
  '👍': msg`thumbs up`,
  '😮': msg`surprised`,
  '🥰': msg`smiling with hearts`,
  '✨': msg`sparkles`,
};

/** Grouped counts under a bubble; each chip toggles the user's own reaction. */
export function ReactionChips({
  groups,
  mine,
  onToggle,
}: {
  groups: ReactionGroup[];
  mine: boolean;
  onToggle: (emoji: ReactionEmoji) => void;
}) {
  const { t, i18n } = useLingui();
  if (groups.length === 0) return null;
  return (
    <ul
      aria-label={t`Reactions`}
      className={cn('relative z-10 -mt-2 flex flex-wrap gap-1 px-2', mine ? 'justify-end' : 'justify-start')}
    >
      {groups.map((group) => {
        const label = i18n._(REACTION_LABELS[group.emoji]);
        const count = group.count;
        return (
          <li key={group.emoji}>
            <button
              type="button"
              aria-pressed={group.reactedByMe}
              aria-label={group.reactedByMe ? t`${label} ${count}, including you` : `${label} ${count}`}
              onClick={() => onToggle(group.emoji)}
              className={cn(
                'inline-flex h-7 items-center gap-1 rounded-full border px-2 text-sm leading-none shadow-[0_2px_6px_-3px_rgb(58_19_49/0.35)] transition-transform active:scale-95',
                group.reactedByMe ? 'border-plum-300 bg-plum-100 text-plum-900' : 'border-cream-200 bg-white text-ink',
              )}
            >
              <span aria-hidden>{group.emoji}</span>
              {group.count > 1 && <span className="text-xs font-semibold tabular-nums">{group.count}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The add-reaction affordance beside each message: a popover with the 10 emoji. */
export function ReactionPicker({
  groups,
  onToggle,
  align,
  bubbleId,
  tabbable,
  onFocus,
}: {
  groups: ReactionGroup[];
  onToggle: (emoji: ReactionEmoji) => void;
  align: 'start' | 'end';
  /** The bubble it reacts to: read after the button's name, so one "Add reaction" is told from the next. */
  bubbleId: string;
  /** The conversation's one Tab stop among these buttons; the arrow keys reach the others (MessageList). */
  tabbable: boolean;
  onFocus: () => void;
}) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const used = new Set(groups.filter((g) => g.reactedByMe).map((g) => g.emoji));
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={t`Add reaction`}
        aria-describedby={bubbleId}
        aria-keyshortcuts="ArrowUp ArrowDown Home End"
        data-reaction-trigger
        tabIndex={tabbable ? 0 : -1}
        onFocus={onFocus}
        className={cn(
          'grid size-8 shrink-0 place-items-center self-center rounded-full text-ink-soft/70 transition-colors hover:bg-plum-50 hover:text-plum-700 focus-visible:text-plum-700',
          open && 'bg-plum-50 text-plum-700',
        )}
      >
        <SmilePlus className="size-[1.1rem]" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align={align}
          sideOffset={6}
          collisionPadding={8}
          aria-label={t`Choose a reaction`}
          className="z-50 grid grid-cols-5 gap-0.5 rounded-2xl border border-plum-100 bg-white p-1.5 shadow-float data-[state=open]:animate-fade-in"
        >
          {REACTION_EMOJI.map((emoji) => {
            const label = i18n._(REACTION_LABELS[emoji]);
            return (
              <button
                key={emoji}
                type="button"
                aria-pressed={used.has(emoji)}
                aria-label={t`React with ${label}`}
                onClick={() => {
                  onToggle(emoji);
                  setOpen(false);
                }}
                className={cn(
                  'grid size-10 place-items-center rounded-xl text-[1.35rem] transition-transform hover:scale-110 hover:bg-plum-50 active:scale-95',
                  used.has(emoji) && 'bg-plum-100',
                )}
              >
                <span aria-hidden>{emoji}</span>
              </button>
            );
          })}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

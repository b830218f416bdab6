import type { PointerEvent, MouseEvent } from 'react';
import { Heart } from 'lucide-react';
import type { PromptAnswerView } from '../../contract/prompts';
import { cn } from '../lib/cn';

/** What a like of one thing is for (product §4 "Like something specific"): one photo or one prompt answer. */
export type LikeTarget = { kind: 'photo'; photoUrl: string } | { kind: 'prompt'; prompt: PromptAnswerView };

/**
 * The small heart on a photo or a prompt answer ("Like this photo" / "Like this prompt"). It keeps its
 * press to itself, so a card under it neither drags nor opens the profile.
 */
export function LikeItemButton({
  label,
  onClick,
  tone = 'light',
  className,
}: {
  /** 'Like this photo' / 'Like this prompt', translated by the caller. */
  label: string;
  onClick: () => void;
  /** 'photo': over a picture (white on shade); 'light': on a pale surface. */
  tone?: 'photo' | 'light';
  className?: string;
}) {
  const stop = (event: PointerEvent | MouseEvent) => event.stopPropagation();
  return (
    <button
      type="button"
      aria-label={label}
      onPointerDown={stop}
      onClick={(event) => {
        stop(event);
        onClick();
      }}
      className={cn(
        'grid size-11 shrink-0 place-items-center rounded-full transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum-500',
        tone === 'photo'
          ? 'bg-photo-shade/60 text-photo-ink ring-1 ring-photo-ink/40 backdrop-blur-sm hover:bg-photo-shade/80'
          : 'bg-white text-plum-700 shadow-card ring-1 ring-plum-100 hover:bg-plum-50',
        className,
      )}
    >
      <Heart className="size-5" aria-hidden />
    </button>
  );
}

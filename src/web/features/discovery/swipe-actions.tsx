import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type Ref } from 'react';
import { Heart, RotateCcw, Star, X } from 'lucide-react';
import { Link } from 'react-router';
import type { SwipeLimits } from '../../../contract/discovery';
import { cn } from '../../lib/cn';
import type { SwipeAction } from './swipe-gesture';
import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';

interface RoundButtonProps {
  label: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  disabled?: boolean;
  highlighted?: boolean;
  size: 'sm' | 'md' | 'lg';
  className: string;
  title?: string;
  /** The id of the visible text saying why the button is off. */
  describedBy?: string | undefined;
  ref?: Ref<HTMLButtonElement>;
  children: ReactNode;
}

const SIZES = { sm: 'size-11', md: 'size-14', lg: 'size-16' } as const;

function RoundButton({
  label,
  onClick,
  disabled,
  highlighted,
  size,
  className,
  title,
  describedBy,
  ref,
  children,
}: RoundButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-describedby={describedBy}
      title={title ?? label}
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-white shadow-[0_6px_18px_-8px_rgb(58_19_49/0.45)] ring-1 ring-plum-100 transition-transform duration-150 active:scale-90 disabled:opacity-40 disabled:active:scale-100',
        highlighted && 'scale-115',
        SIZES[size],
        className,
      )}
    >
      {children}
    </button>
  );
}

interface SwipeActionsProps {
  /** False once the deck is empty: only Undo (if any) is left to press. */
  hasCard: boolean;
  canSuperLike: boolean;
  /** False when today's likes are used up (the server's count). */
  canLike: boolean;
  preview: SwipeAction | null;
  onAction: (action: SwipeAction, button: HTMLButtonElement) => void;
  /** Premium only: omitted for free users. */
  undo?: { onUndo: () => void; disabled: boolean };
}

const NO_LIKES_REASON_ID = 'no-likes-left-reason';
/** Where the Premium link goes in its sentence. */
const LINK_MARK = '\u2060link\u2060';

/** The round Pass / Super like / Like buttons (and Undo for premium). */
export function SwipeActions({ hasCard, canSuperLike, canLike, preview, onAction, undo }: SwipeActionsProps) {
  const { t } = useLingui();
  // One sentence for translators, the link's words inside it (no <Trans> on the first screen's JS budget).
  const link = LINK_MARK;
  const [beforeLink = '', afterLink = ''] = t`No likes left today. More tomorrow, or ${link}.`.split(LINK_MARK);
  // Undo turns itself off while it works (and once nothing is left to take back), which would drop her focus to the
  // page: from the keyboard it goes on to Pass, on the card that came back (once it is there, if the deck was empty).
  const pass = useRef<HTMLButtonElement>(null);
  const [focusPass, setFocusPass] = useState(false);
  useEffect(() => {
    if (!focusPass || !pass.current) return;
    pass.current.focus();
    setFocusPass(false);
  }, [focusPass, hasCard]);
  return (
    <div className="grid justify-items-center gap-2">
      <div className="flex items-center justify-center gap-5">
        {undo && (
          <RoundButton
            label={t`Undo last swipe`}
            size="sm"
            disabled={undo.disabled}
            onClick={(event) => {
              if (event.currentTarget === document.activeElement) setFocusPass(true);
              undo.onUndo();
            }}
            className="text-amber-600"
          >
            <RotateCcw className="size-5" strokeWidth={2.4} aria-hidden />
          </RoundButton>
        )}
        {hasCard && (
          <>
            <RoundButton
              ref={pass}
              label={t`Pass`}
              size="lg"
              highlighted={preview === 'pass'}
              onClick={(event) => onAction('pass', event.currentTarget)}
              className="text-rose-500"
            >
              <X className="size-8" strokeWidth={2.6} aria-hidden />
            </RoundButton>
            <RoundButton
              label={t`Super like`}
              size="md"
              disabled={!canSuperLike}
              title={canSuperLike ? t`Super like` : t`Super Like used this week`}
              highlighted={preview === 'super_like'}
              onClick={(event) => onAction('super_like', event.currentTarget)}
              className="text-sky-500"
            >
              <Star className="size-6" strokeWidth={2.4} fill="currentColor" aria-hidden />
            </RoundButton>
            <RoundButton
              label={t`Like`}
              size="lg"
              disabled={!canLike}
              title={canLike ? t`Like` : t`No likes left today`}
              describedBy={canLike ? undefined : NO_LIKES_REASON_ID}
              highlighted={preview === 'like'}
              onClick={(event) => onAction('like', event.currentTarget)}
              className="text-plum-600"
            >
              <Heart className="size-8" strokeWidth={2.4} fill="currentColor" aria-hidden />
            </RoundButton>
          </>
        )}
      </div>
      {hasCard && !canLike && (
        <p id={NO_LIKES_REASON_ID} className="text-center text-xs font-medium text-plum-800">
          {beforeLink}
          <Link to="/premium" className="font-semibold underline underline-offset-2">
            {t`go unlimited with Premium`}
          </Link>
          {afterLink}
        </p>
      )}
    </div>
  );
}

/** Likes left today ('Unlimited' for premium) and super likes left this week, as the server counts them. */
export function SwipeCounters({ limits }: { limits: SwipeLimits | undefined }) {
  const { t } = useLingui();
  if (!limits) return <p className="h-5" aria-hidden />;
  const { likesRemaining, superLikesRemaining } = limits;
  const likes =
    likesRemaining === null
      ? t`Unlimited likes`
      : t`${plural(likesRemaining, { one: '# like left today', other: '# likes left today' })}`;
  const supers = t`${plural(superLikesRemaining, { one: '# super like left this week', other: '# super likes left this week' })}`;
  return (
    <p
      aria-live="polite"
      data-testid="swipe-counters"
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs font-medium text-ink-soft"
    >
      <span className="inline-flex items-center gap-1">
        <Heart className="size-3.5 text-plum-500" fill="currentColor" aria-hidden />
        {likes}
      </span>
      <span className="inline-flex items-center gap-1">
        <Star className="size-3.5 text-sky-500" fill="currentColor" aria-hidden />
        {supers}
      </span>
    </p>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  m,
  useIsPresent,
  useMotionValue,
  usePresenceData,
  useTransform,
  type PanInfo,
  type Variants,
} from 'motion/react';
import { Info } from 'lucide-react';
import type { DiscoveryCard } from '../../../contract/discovery';
import { cn } from '../../lib/cn';
import { loadMotionFeatures } from '../../lib/motion';
import type { LikeTarget } from '../../components/like-item-button';
import { ProfileCardContent } from './profile-card-content';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { dragFeedback, swipeDecision, type DragFeedback, type SwipeAction } from './swipe-gesture';

const AT_REST: DragFeedback = { direction: null, showOverlay: false, superLikeBlocked: false };
const SPRING_BACK = { type: 'spring', stiffness: 420, damping: 32 } as const;

/** Where a card flies when it leaves; AnimatePresence hands us the action as `custom`. */
const cardVariants: Variants = {
  back: { scale: 0.95, y: 22, opacity: 1 },
  top: { scale: 1, y: 0, opacity: 1 },
  enter: { scale: 0.9, y: 24, opacity: 0 },
  exit: (action: SwipeAction | null) => {
    const transition = { duration: 0.32, ease: 'easeIn' } as const;
    if (action === 'like') return { x: 560, opacity: 0, transition };
    if (action === 'pass') return { x: -560, opacity: 0, transition };
    if (action === 'super_like') return { y: -900, opacity: 0, transition };
    return { opacity: 0, scale: 0.92, transition: { duration: 0.2 } };
  },
};

const STAMPS: Record<SwipeAction, { text: MessageDescriptor; className: string }> = {
  like: { text: msg`LIKE`, className: 'top-8 left-6 -rotate-12 border-matcha-400 text-matcha-300' },
  pass: { text: msg`NOPE`, className: 'top-8 right-6 rotate-12 border-rose-400 text-rose-300' },
  super_like: {
    text: msg`SUPER LIKE`,
    // Lower than LIKE/NOPE: the card travels up, and the header would cover a stamp at its top.
    className: 'top-[38%] left-1/2 -translate-x-1/2 -rotate-6 border-sky-400 text-sky-200',
  },
};

function Stamp({ action, blocked }: { action: SwipeAction; blocked: boolean }) {
  const { t, i18n } = useLingui();
  if (blocked) {
    return (
      <span className="absolute top-[38%] left-1/2 w-max max-w-[80%] -translate-x-1/2 rounded-2xl border-4 border-white/90 bg-ink/70 px-4 py-2 text-center text-base font-extrabold tracking-wide text-white uppercase backdrop-blur-sm">
        {t`Super Like used this week`}
      </span>
    );
  }
  const { text, className } = STAMPS[action];
  return (
    <span
      className={cn(
        'absolute rounded-xl border-4 bg-ink/25 px-3 py-1 font-display text-4xl font-black tracking-wider whitespace-nowrap backdrop-blur-[2px]',
        className,
      )}
    >
      {i18n._(text)}
    </span>
  );
}

const EDGE_GLOW: Record<SwipeAction, string> = {
  like: 'shadow-[inset_0_0_0_4px_var(--color-matcha-400)]',
  pass: 'shadow-[inset_0_0_0_4px_#fb7185]',
  super_like: 'shadow-[inset_0_0_0_4px_#38bdf8]',
};

interface SwipeCardProps {
  card: DiscoveryCard;
  isTop: boolean;
  canSuperLike: boolean;
  /** The direction the drag points at (from 20 px), for the buttons to echo. */
  onPreview: (direction: SwipeAction | null) => void;
  /** False when the swipe is refused, so a dragged card springs back. */
  onSwipe: (action: SwipeAction, element: HTMLElement | null) => boolean;
  /** A tap (not a drag) on the top card, or its info button, opens her full profile. */
  onOpenProfile: () => void;
  /** The top card's Report / Block menu, in its top-left corner. */
  menu?: ReactNode;
  /** The top card's hearts on its photo and prompt. */
  onLikeItem?: (target: LikeTarget) => void;
}

/**
 * One card of the stack. The top card follows a drag (transform only); released past 100 px it
 * commits, otherwise it springs back.
 */
export function SwipeCard({
  card,
  isTop,
  canSuperLike,
  onPreview,
  onSwipe,
  onOpenProfile,
  menu,
  onLikeItem,
}: SwipeCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const dragged = useRef(false);
  const x = useMotionValue(0);
  const y = useMotionValue(0);
  const rotate = useTransform(x, [-260, 0, 260], [-14, 0, 14]);
  const [feedback, setFeedback] = useState<DragFeedback>(AT_REST);
  const isPresent = useIsPresent();
  const exitAction = usePresenceData() as SwipeAction | null | undefined;
  const { t } = useLingui();
  const name = card.name;

  const onDrag = (_: PointerEvent | MouseEvent | TouchEvent, info: PanInfo) => {
    const next = dragFeedback(info.offset, canSuperLike);
    if (
      next.direction !== feedback.direction ||
      next.showOverlay !== feedback.showOverlay ||
      next.superLikeBlocked !== feedback.superLikeBlocked
    ) {
      setFeedback(next);
      if (next.direction !== feedback.direction) onPreview(next.direction);
    }
  };

  const toRest = () => {
    setFeedback(AT_REST);
    // A drag only happens once motion's features have loaded, so the spring comes from that chunk.
    void loadMotionFeatures().then(({ springBack }) => {
      springBack(x, SPRING_BACK);
      springBack(y, SPRING_BACK);
    });
  };

  const onDragEnd = (_: PointerEvent | MouseEvent | TouchEvent, info: PanInfo) => {
    onPreview(null);
    const action = swipeDecision(info.offset, canSuperLike);
    if (action && onSwipe(action, ref.current)) return;
    toRest();
  };

  // A swipe that failed to save puts the card back while it may still be flying out: its exit stops
  // wherever it got to (the tilt follows x), so bring it home and drop the stamp it left with.
  const wasLeaving = useRef(false);
  useEffect(() => {
    if (!isPresent) {
      wasLeaving.current = true;
      return;
    }
    if (!wasLeaving.current) return;
    wasLeaving.current = false;
    toRest();
  });

  // While leaving, show the stamp of the action that sent the card away (buttons included).
  const leavingWith = !isPresent && exitAction ? exitAction : null;
  const stamp: SwipeAction | null = leavingWith ?? (feedback.showOverlay ? feedback.direction : null);
  const glow = leavingWith ?? feedback.direction;

  return (
    <m.div
      ref={ref}
      data-testid={isTop ? 'top-card' : 'next-card'}
      aria-hidden={isTop ? undefined : true}
      className={cn(
        // A size container: the card's face drops its least needed lines on a short card (profile-card-content.tsx).
        'absolute inset-0 overflow-hidden rounded-[1.75rem] bg-plum-800 shadow-float select-none [container-type:size]',
        isTop ? 'cursor-grab touch-none active:cursor-grabbing' : 'pointer-events-none',
      )}
      style={{ x, y, rotate, zIndex: isTop ? 2 : 1 }}
      variants={cardVariants}
      initial="enter"
      animate={isTop ? 'top' : 'back'}
      exit="exit"
      transition={{ type: 'spring', stiffness: 300, damping: 30 }}
      drag={isTop}
      dragMomentum={false}
      // With no super like left the upward gesture is disabled: the card only gives a little.
      dragConstraints={canSuperLike ? undefined : { top: 0 }}
      dragElastic={canSuperLike ? 0.9 : { top: 0.2, bottom: 0.9, left: 0.9, right: 0.9 }}
      onDrag={onDrag}
      onDragEnd={onDragEnd}
      // A click that ends a drag (even one that sprang back) is not a tap: it never opens the profile.
      onPointerDown={() => (dragged.current = false)}
      onDragStart={() => (dragged.current = true)}
      onClick={isTop ? () => !dragged.current && onOpenProfile() : undefined}
    >
      {/* The corner buttons come first in tab order, as they are seen; z-10 keeps them over her face. */}
      {isTop && menu && (
        // The menu's items render in a portal, but React bubbles their clicks through here: stop them
        // before the card takes one for a tap that opens the profile (or a drag start).
        <div
          className="absolute top-3 left-3 z-10"
          onClick={(event) => event.stopPropagation()}
          onPointerDown={(event) => event.stopPropagation()}
        >
          {menu}
        </div>
      )}
      {isTop && (
        <button
          type="button"
          aria-label={t`View ${name}'s full profile`}
          onClick={onOpenProfile}
          className="absolute top-3 right-3 z-10 grid size-11 place-items-center rounded-full bg-photo-shade/60 text-photo-ink ring-1 ring-photo-ink/40 backdrop-blur-sm transition-colors hover:bg-photo-shade/80"
        >
          <Info className="size-5" aria-hidden />
        </button>
      )}
      <ProfileCardContent card={card} onLikeItem={isTop ? onLikeItem : undefined} />
      {glow && !feedback.superLikeBlocked && (
        <span aria-hidden className={cn('pointer-events-none absolute inset-0 rounded-[1.75rem]', EDGE_GLOW[glow])} />
      )}
      {stamp && (
        <span aria-hidden data-testid="swipe-stamp" className="pointer-events-none absolute inset-0">
          <Stamp action={stamp} blocked={!leavingWith && feedback.superLikeBlocked} />
        </span>
      )}
    </m.div>
  );
}

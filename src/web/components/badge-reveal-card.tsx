import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { AnimatePresence, m, useReducedMotion } from 'motion/react';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { BADGE_REVEAL_STAGGER_MS } from '../../contract/badge-catalogue';
import type { UserBadge } from '../../contract/badges';
import { cn } from '../lib/cn';
import { badgeDetails } from '../lib/labels/badge-details';
import { badgeName } from '../lib/labels/badges';
import { BADGE_TONES, BadgeIcon } from './badges';
import { hostBoxAt, useFloatEdge } from './ui/float-edge';

/**
 * The "Badge earned!" card (BadgeReveal in ./badges.tsx decides when): loaded with the first badge, not with the
 * shell. `preempted`: taken off screen by a higher overlay, so it goes at once.
 */
export function BadgeRevealCard({
  shown,
  onScreen,
  preempted,
  onClose,
  onGone,
}: {
  shown: UserBadge[];
  onScreen: boolean;
  preempted: boolean;
  onClose: () => void;
  onGone: () => void;
}) {
  const { t } = useLingui();
  const reduceMotion = useReducedMotion();
  const card = useRef<HTMLDivElement>(null);
  // At the top, or above the tab bar while the top would cover the control her focus is on.
  useFloatEdge(card, onScreen ? shown.map((b) => b.id).join() : null, hostBoxAt);
  return (
    // Taken off screen by a higher overlay: gone in the same commit that draws the other one. The instant exit
    // below only lands on motion's next frame, and a busy phone drew both for a frame or more.
    <div className="contents" hidden={preempted && !onScreen}>
      <AnimatePresence custom={preempted} onExitComplete={onGone}>
        {onScreen && (
          <m.div
            ref={card}
            role="status"
            aria-label={t`New badge`}
            initial={{ opacity: 0, y: -16 }}
            animate={{ opacity: 1, y: 0 }}
            variants={{
              exit: (preempted: boolean) =>
                preempted ? { opacity: 0, transition: { duration: 0 } } : { opacity: 0, y: -16 },
            }}
            exit="exit"
            className="fixed inset-x-4 top-[max(5rem,calc(var(--float-top,0px)+1rem))] z-50 mx-auto max-w-sm rounded-(--radius-card) bg-white p-4 shadow-float data-[edge=bottom]:top-auto data-[edge=bottom]:bottom-[calc(5.5rem+env(safe-area-inset-bottom))]"
          >
            <div className="mb-2 flex items-center justify-between">
              <p className="font-display text-lg font-semibold text-plum-900">
                {t`${plural(shown.length, { one: 'Badge earned!', other: '# badges earned!' })}`}
              </p>
              <button
                type="button"
                aria-label={t`Close`}
                onClick={onClose}
                className="grid size-11 place-items-center rounded-full text-ink-soft hover:bg-plum-50"
              >
                <X className="size-5" aria-hidden />
              </button>
            </div>
            <ul className="grid gap-2">
              {shown.map((b, index) => (
                <m.li
                  key={b.id}
                  initial={reduceMotion ? false : { opacity: 0, scale: 0.6 }}
                  animate={{ opacity: 1, scale: 1 }}
                  transition={{
                    delay: (index * BADGE_REVEAL_STAGGER_MS) / 1000,
                    type: 'spring',
                    stiffness: 320,
                    damping: 18,
                  }}
                  className={cn('flex items-center gap-3 rounded-2xl p-3', BADGE_TONES[b.badge.color])}
                >
                  <BadgeIcon icon={b.badge.icon} className="size-6" />
                  <span>
                    <span className="block font-semibold">{badgeName(b.id)}</span>
                    <span className="text-sm">{badgeDetails(b.id).description}</span>
                  </span>
                </m.li>
              ))}
            </ul>
          </m.div>
        )}
      </AnimatePresence>
    </div>
  );
}

import { useRef, useState } from 'react';
import { Dialog, Progress } from 'radix-ui';
import { AnimatePresence, m } from 'motion/react';
import { MotionFeatures } from '../../lib/motion';
import { useBackCloses } from '../../lib/overlay-history';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useLingui } from '@lingui/react/macro';
import { MAIN_ID } from '../../components/skip-link';
import { firstControlIn } from '../../lib/next-control';
import { ONBOARDING_STEPS } from './steps';

interface OnboardingTourProps {
  open: boolean;
  /** True once completed or skipped, during the short close delay. */
  finishing: boolean;
  onFinish: (how: 'completed' | 'skipped') => void;
}

/** The tour can open on any screen, signed in or not, so it brings its own animation features. */
export function OnboardingTour(props: OnboardingTourProps) {
  return (
    <MotionFeatures>
      <Tour {...props} />
    </MotionFeatures>
  );
}

function Tour({ open, finishing, onFinish }: OnboardingTourProps) {
  const [index, setIndex] = useState(0);
  const [direction, setDirection] = useState<1 | -1>(1);
  const primaryRef = useRef<HTMLButtonElement>(null);
  /** What had her focus when the tour opened: Start Tutorial's button, or nothing when Discover opened it. */
  const returnTo = useRef<Element | null>(null);
  const { t, i18n } = useLingui();
  // Back closes the tour like any overlay (skipped, as Escape does) and leaves her on the page under it. Its
  // history entry goes as soon as it is finishing, so Back afterwards is an ordinary Back.
  useBackCloses(open && !finishing, () => onFinish('skipped'));
  const total = ONBOARDING_STEPS.length;
  const step = ONBOARDING_STEPS[index] ?? ONBOARDING_STEPS[0];
  if (!step) return null;

  const stepNumber = index + 1;
  const isFirst = index === 0;
  const isLast = index === total - 1;
  const progress = finishing ? 100 : Math.round(((index + 1) / total) * 100);
  const Icon = step.icon;

  const go = (delta: 1 | -1) => {
    setDirection(delta);
    setIndex((i) => Math.min(total - 1, Math.max(0, i + delta)));
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // Escape counts as skipping, so the tour does not pop up again.
        if (!next && !finishing) onFinish('skipped');
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-scrim/55 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onPointerDownOutside={(event) => event.preventDefault()}
          onOpenAutoFocus={(event) => {
            returnTo.current = document.activeElement;
            event.preventDefault();
            primaryRef.current?.focus({ preventScroll: true });
          }}
          onCloseAutoFocus={(event) => {
            const back = returnTo.current;
            if (back instanceof HTMLElement && back !== document.body && back.isConnected) return;
            // Opened with nothing focused: her focus goes to the screen's first control, not to the top of the page.
            const main = document.getElementById(MAIN_ID);
            const first = main ? firstControlIn(main) : undefined;
            if (!first) return;
            event.preventDefault();
            first.focus();
          }}
          aria-describedby="onboarding-step-body"
          className="fixed inset-x-0 bottom-0 z-50 mx-auto w-full max-w-md px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] focus:outline-none sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2"
        >
          <div className="relative animate-sheet-up overflow-hidden rounded-[1.75rem] bg-cream-50 shadow-float">
            <div className="flex items-center justify-between px-5 pt-4">
              <p className="text-xs font-semibold tracking-[0.14em] text-plum-600 uppercase">
                {t`Step ${stepNumber} of ${total}`}
              </p>
              <Button
                variant="ghost"
                onClick={() => onFinish('skipped')}
                disabled={finishing}
                className="-mr-2 min-h-11 px-4 text-sm"
              >
                {t`Skip`}
              </Button>
            </div>

            <div className="relative flex min-h-[27rem] flex-col justify-center overflow-hidden px-6 pt-2">
              <AnimatePresence mode="wait" initial={false} custom={direction}>
                <m.div
                  key={step.id}
                  custom={direction}
                  initial={{ opacity: 0, x: direction * 36 }}
                  animate={{ opacity: 1, x: 0 }}
                  exit={{ opacity: 0, x: direction * -36 }}
                  transition={{ duration: 0.22, ease: 'easeOut' }}
                >
                  <div className="mx-auto mt-2 mb-5 grid size-20 place-items-center rounded-[1.75rem] bg-gradient-to-br from-plum-600 to-plum-800 text-matcha-200 shadow-[0_14px_30px_-12px_rgb(107_36_88/0.8)]">
                    <Icon className="size-10" strokeWidth={1.75} aria-hidden />
                  </div>
                  <Dialog.Title className="text-center font-display text-[1.7rem] leading-tight font-semibold text-plum-900">
                    {i18n._(step.title)}
                  </Dialog.Title>
                  <p
                    id="onboarding-step-body"
                    className="mt-2 text-center text-[0.95rem] leading-relaxed text-ink-soft"
                  >
                    {i18n._(step.body)}
                  </p>
                  {step.points && (
                    <ul className="mx-auto mt-4 grid max-w-xs gap-2">
                      {step.points.map((point) => (
                        <li
                          key={point.id}
                          className="flex items-start gap-2.5 rounded-2xl bg-white px-3.5 py-2.5 text-sm text-ink shadow-[0_1px_2px_rgb(58_19_49/0.06)]"
                        >
                          <Check className="mt-0.5 size-4 shrink-0 text-matcha-600" strokeWidth={3} aria-hidden />
                          <span>{i18n._(point)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </m.div>
              </AnimatePresence>
            </div>

            <div className="px-6 pt-5 pb-5">
              <Progress.Root
                value={progress}
                max={100}
                aria-label={t`Tutorial progress`}
                className="relative h-2 w-full overflow-hidden rounded-full bg-plum-100"
              >
                <Progress.Indicator
                  className="h-full rounded-full bg-gradient-to-r from-matcha-400 to-matcha-600 transition-transform duration-300 ease-out"
                  style={{ transform: `translateX(-${100 - progress}%)` }}
                />
              </Progress.Root>

              <div className="mt-5 flex gap-3">
                <Button variant="outline" onClick={() => go(-1)} disabled={isFirst || finishing} className="flex-1">
                  <ArrowLeft className="size-4" aria-hidden />
                  {t`Previous`}
                </Button>
                {isLast ? (
                  <Button
                    ref={primaryRef}
                    onClick={() => onFinish('completed')}
                    disabled={finishing}
                    className="flex-[1.4]"
                  >
                    {t`Get Started`}
                  </Button>
                ) : (
                  <Button ref={primaryRef} onClick={() => go(1)} disabled={finishing} className="flex-[1.4]">
                    {t`Next`}
                    <ArrowRight className="size-4" aria-hidden />
                  </Button>
                )}
              </div>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

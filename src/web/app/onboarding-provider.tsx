import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ONBOARDING_CLOSE_DELAY_MS,
  OnboardingContext,
  readOnboardingCompleted as readCompleted,
  type OnboardingStatus,
} from '../lib/onboarding';
import { STORAGE_KEYS, storage } from '../lib/storage';
import { releaseOverlay, requestOverlay } from '../lib/overlay-queue';

// The tour (and its animation library) loads only when it is first opened.
const OnboardingTour = lazy(() =>
  import('../features/onboarding/onboarding-tour').then((m) => ({ default: m.OnboardingTour })),
);

export function OnboardingProvider({ children }: { children: ReactNode }) {
  const [isCompleted, setIsCompleted] = useState(readCompleted);
  const [isOpen, setIsOpen] = useState(false);
  const [status, setStatus] = useState<OnboardingStatus>(() => (readCompleted() ? 'completed' : 'not-started'));
  // Bumped on every start so the tour remounts at step 1.
  const [runId, setRunId] = useState(0);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const start = useCallback(() => {
    clearTimeout(closeTimer.current);
    setRunId((id) => id + 1);
    setStatus('shown');
    setIsOpen(true);
  }, []);

  const startIfNew = useCallback(() => {
    if (!readCompleted()) start();
  }, [start]);

  const finish = useCallback((how: 'completed' | 'skipped') => {
    storage.set(STORAGE_KEYS.onboardingCompleted, 'true');
    setIsCompleted(true);
    setStatus(how);
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setIsOpen(false), ONBOARDING_CLOSE_DELAY_MS);
  }, []);

  const reset = useCallback(() => {
    storage.remove(STORAGE_KEYS.onboardingCompleted);
    setIsCompleted(false);
    setStatus('not-started');
  }, []);

  // The tour goes first in the overlay queue: while it is open, toasts, badge cards and celebrations wait
  // (and the welcome toast, which says what its first step says, is dropped).
  useEffect(() => {
    if (!isOpen) return;
    requestOverlay('tour', 'tour');
    return () => releaseOverlay('tour');
  }, [isOpen]);

  const value = useMemo(
    () => ({ isCompleted, isOpen, status, start, startIfNew, finish, reset }),
    [isCompleted, isOpen, status, start, startIfNew, finish, reset],
  );

  return (
    <OnboardingContext.Provider value={value}>
      {children}
      {(isOpen || runId > 0) && (
        <Suspense fallback={null}>
          <OnboardingTour
            key={runId}
            open={isOpen}
            finishing={status === 'completed' || status === 'skipped'}
            onFinish={finish}
          />
        </Suspense>
      )}
    </OnboardingContext.Provider>
  );
}

import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from '../lib/lazy-part';
import {
  ONBOARDING_CLOSE_DELAY_MS,
  OnboardingContext,
  readOnboardingCompleted as readCompleted,
  takeNewAccountTour,
  type OnboardingStatus,
} from '../lib/onboarding';
import { STORAGE_KEYS, storage } from '../lib/storage';
import { releaseOverlay, requestOverlay } from '../lib/overlay-queue';
import { useQueryClient } from '@tanstack/react-query';
import { withMessages } from '../lib/i18n';
import { useAuth } from '../lib/session';

// Her preferences' code loads when the tour asks, not with the landing page (scripts/check-bundle-size.ts).
const preferences = () => import('../lib/preferences');

// The tour (and its animation library) loads only when it is first opened.
const OnboardingTour = lazyPart(
  withMessages('rest', () =>
    import('../features/onboarding/onboarding-tour').then((m) => ({ default: m.OnboardingTour })),
  ),
);

/*
 * "Tour seen" lives on her account (preferences' app.tourSeen), so a new phone or browser does not show it
 * again; localStorage keeps it too, so this device decides without asking the server.
 */
export function OnboardingProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  const queryClient = useQueryClient();
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
    const nothingToCancel = () => undefined;
    if (readCompleted()) return nothingToCancel;
    if (!userId || takeNewAccountTour()) {
      start();
      return nothingToCancel;
    }
    let live = true;
    preferences()
      .then(({ fetchPreferences }) => fetchPreferences(queryClient, userId))
      .then((prefs) => {
        if (!live) return;
        if (prefs.app.tourSeen) {
          // Seen on another device: remember it here too.
          storage.set(STORAGE_KEYS.onboardingCompleted, 'true');
          setIsCompleted(true);
          setStatus('completed');
        } else start();
      })
      // Her preferences did not load: showing the tour once too often beats never showing it.
      .catch(() => live && start());
    return () => {
      live = false;
    };
  }, [start, userId, queryClient]);

  const finish = useCallback(
    (how: 'completed' | 'skipped') => {
      storage.set(STORAGE_KEYS.onboardingCompleted, 'true');
      if (userId) {
        // Not on her account yet (offline): this device still remembers, and the next finish tries again.
        preferences()
          .then(({ markTourSeen }) => markTourSeen(queryClient, userId))
          .catch(() => undefined);
      }
      setIsCompleted(true);
      setStatus(how);
      clearTimeout(closeTimer.current);
      closeTimer.current = setTimeout(() => setIsOpen(false), ONBOARDING_CLOSE_DELAY_MS);
    },
    [userId, queryClient],
  );

  const reset = useCallback(() => {
    storage.remove(STORAGE_KEYS.onboardingCompleted);
    setIsCompleted(false);
    setStatus('not-started');
  }, []);

  // The tour goes first in the overlay queue: while it is open, toasts, badge cards and celebrations wait.
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

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { OnboardingTour } from './onboarding-tour';

/** Spec 9: the tour closes 500 ms after completion or skip. */
export const ONBOARDING_CLOSE_DELAY_MS = 500;

export type OnboardingStatus = 'not-started' | 'shown' | 'completed' | 'skipped';

interface OnboardingContextValue {
  /** Whether the completed flag is stored (completion and skip are stored the same). */
  isCompleted: boolean;
  isOpen: boolean;
  status: OnboardingStatus;
  /** Opens the tour from the first step. */
  start: () => void;
  /** Opens the tour only if it was never completed or skipped. */
  startIfNew: () => void;
  /** Stores the flag; the tour closes after 500 ms. */
  finish: (how: 'completed' | 'skipped') => void;
  /** Removes the flag so the tour shows again. */
  reset: () => void;
}

const OnboardingContext = createContext<OnboardingContextValue | null>(null);

function readCompleted(): boolean {
  return storage.get(STORAGE_KEYS.onboardingCompleted) === 'true';
}

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

  const value = useMemo(
    () => ({ isCompleted, isOpen, status, start, startIfNew, finish, reset }),
    [isCompleted, isOpen, status, start, startIfNew, finish, reset],
  );

  return (
    <OnboardingContext.Provider value={value}>
      {children}
      <OnboardingTour
        key={runId}
        open={isOpen}
        finishing={status === 'completed' || status === 'skipped'}
        onFinish={finish}
      />
    </OnboardingContext.Provider>
  );
}

export function useOnboarding(): OnboardingContextValue {
  const context = useContext(OnboardingContext);
  if (!context) throw new Error('useOnboarding must be used within OnboardingProvider');
  return context;
}

import { createContext, useContext } from 'react';
import { STORAGE_KEYS, storage } from './storage';

/*
 * The onboarding tour's state, for any screen that opens it. The provider that renders the tour is
 * app/onboarding-provider.tsx.
 */

/** Product §9: the tour closes 500 ms after completion or skip. */
export const ONBOARDING_CLOSE_DELAY_MS = 500;

export type OnboardingStatus = 'not-started' | 'shown' | 'completed' | 'skipped';

interface OnboardingContextValue {
  /** Whether the completed flag is stored (completion and skip are stored the same). */
  isCompleted: boolean;
  isOpen: boolean;
  status: OnboardingStatus;
  /** Opens the tour from the first step. */
  start: () => void;
  /**
   * Opens the tour only if it was never completed or skipped, here or (signed in) on her account.
   * Returns a cancel for an effect's cleanup: her account's answer may come after the screen is gone.
   */
  startIfNew: () => () => void;
  /** Stores the flag; the tour closes after 500 ms. */
  finish: (how: 'completed' | 'skipped') => void;
  /** Removes the flag so the tour shows again. */
  reset: () => void;
}

export const OnboardingContext = createContext<OnboardingContextValue | null>(null);

export function readOnboardingCompleted(): boolean {
  return storage.get(STORAGE_KEYS.onboardingCompleted) === 'true';
}

/** Set at sign-up, for this page's life: the tour opens on arrival without asking her account first. */
let newAccount = false;

/**
 * A new account has never seen the tour, whoever finished it on this browser before her. Asking her account first
 * (as for a member signing in) left Discover live and tappable for a second before the tour covered it.
 */
export function tourDueForNewAccount(): void {
  storage.remove(STORAGE_KEYS.onboardingCompleted);
  newAccount = true;
}

/** True once after `tourDueForNewAccount`. */
export function takeNewAccountTour(): boolean {
  const due = newAccount;
  newAccount = false;
  return due;
}

export function useOnboarding(): OnboardingContextValue {
  const context = useContext(OnboardingContext);
  if (!context) throw new Error('useOnboarding must be used within OnboardingProvider');
  return context;
}

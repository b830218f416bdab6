/** localStorage keys shared across the app (product §4). */
export const STORAGE_KEYS = {
  currentUser: 'currentUser',
  onboardingCompleted: 'onboardingCompleted',
  /** When a screen that could not load last reloaded the page by itself (app/screen-load-failed.tsx). */
  screenReloadedAt: 'screenReloadedAt',
} as const;

/** localStorage access that never throws (private mode, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the in-memory state still works for this visit.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};

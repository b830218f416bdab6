import { useSyncExternalStore } from 'react';

/** What the 'It's a Match!' screen needs of a match. */
export interface CelebratedMatch {
  id: string;
  otherUser: { name: string; photos: readonly string[] };
}

/**
 * One celebration at a time, app-wide, at most once per match: the swiper's own like answer and the
 * `match` socket frame (which reaches both members, on any screen) both ask for it.
 */
let current: CelebratedMatch | null = null;
const celebrated = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function celebrateMatch(match: CelebratedMatch): boolean {
  if (celebrated.has(match.id)) return false;
  celebrated.add(match.id);
  current = match;
  emit();
  return true;
}

export function closeCelebration(): void {
  current = null;
  emit();
}

export function useCelebration(): CelebratedMatch | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}

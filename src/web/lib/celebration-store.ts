import { useSyncExternalStore } from 'react';
import { releaseOverlay, requestOverlay, useOverlayTurn } from './overlay-queue';

/** What the 'It's a Match!' screen needs of a match. */
export interface CelebratedMatch {
  id: string;
  otherUser: { name: string; photos: readonly string[] };
  /** 'friends': a Friends-mode match, celebrated as a new friend. */
  mode?: 'dating' | 'friends';
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
  if (current) releaseOverlay(celebrationKey(current.id));
  current = match;
  emit();
  requestOverlay('celebration', celebrationKey(match.id));
  return true;
}

const celebrationKey = (matchId: string) => `celebration:${matchId}`;

let closing: string | null = null;

/** Closes it; its turn ends when its exit animation has finished (`celebrationGone`), so nothing overlaps. */
export function closeCelebration(): void {
  if (current) closing = celebrationKey(current.id);
  current = null;
  emit();
}

/** AnimatePresence's onExitComplete for the celebration: the next overlay may show now. */
export function celebrationGone(): void {
  if (closing) releaseOverlay(closing);
  closing = null;
}

/** The celebration to draw now: null when there is none, or while an overlay before it (the tour) is up. */
export function useCelebration(): CelebratedMatch | null {
  const celebration = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
  const myTurn = useOverlayTurn(celebration ? celebrationKey(celebration.id) : null);
  return myTurn ? celebration : null;
}

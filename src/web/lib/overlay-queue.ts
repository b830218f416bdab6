import { useSyncExternalStore } from 'react';

/*
 * One overlay at a time. The tour, the match celebration, the badge card and the toast
 * each ask for a turn here and draw themselves only while it is theirs; the rest wait. The order:
 * the tour first (she has not seen the app yet), then a celebration, then a toast (it answers something she
 * just did: "Filters updated" must not wait behind news), then the badge card, so the badge a match earned
 * comes after its celebration. A higher overlay that arrives later takes the screen and the one it displaced comes back
 * after it.
 *
 * A sheet or dialog she opened is an overlay too, but it never waits: it is what she is looking at. While
 * one is open everything queued here waits for it to close, except an entry marked `overSheets`: a toast,
 * which answers what she just did inside the sheet (holding it back would leave her action unanswered).
 *
 * An overlay that is animating out (`overlayLeaving`) keeps the screen until it releases its turn, even from a
 * higher one: otherwise a celebration arriving during the badge card's exit would be drawn over it.
 */

type OverlayKind = 'tour' | 'celebration' | 'badge' | 'toast';

const ORDER: Record<OverlayKind, number> = { tour: 0, celebration: 1, toast: 2, badge: 3 };

interface Entry {
  key: string;
  kind: OverlayKind;
  seq: number;
  overSheets: boolean;
  /** 0, or which call to `overlayLeaving` it is leaving by. */
  leaving: number;
}

/** Longer than any exit animation. */
const LEAVING_AT_MOST_MS = 1000;

let queue: Entry[] = [];
let nextSeq = 0;
let leaves = 0;
let active: string | null = null;
const openSheets = new Set<string>();
const listeners = new Set<() => void>();

function settle(): void {
  const ordered = [...queue].sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || a.seq - b.seq);
  const leaving = queue.find((entry) => entry.leaving > 0 && entry.key === active);
  const head = leaving ?? (openSheets.size > 0 ? ordered.find((entry) => entry.overSheets) : ordered[0]);
  active = head?.key ?? null;
  listeners.forEach((listener) => listener());
}

interface OverlayRequest {
  /** Shown even while a sheet is open (an error about what she did in it). */
  overSheets?: boolean;
}

/** Asks for a turn; `key` names this overlay instance (asking twice is asking once). */
export function requestOverlay(kind: OverlayKind, key: string, request: OverlayRequest = {}): void {
  const existing = queue.find((entry) => entry.key === key);
  if (existing) {
    // Asked again while leaving (a new badge during the card's exit): it stays, in its usual order.
    if (existing.leaving) {
      existing.leaving = 0;
      settle();
    }
    return;
  }
  queue.push({ key, kind, seq: nextSeq++, overSheets: request.overSheets ?? false, leaving: 0 });
  settle();
}

/** Gives the turn up (closed, dismissed, timed out); the next in order gets it. */
export function releaseOverlay(key: string): void {
  if (!queue.some((entry) => entry.key === key)) return;
  queue = queue.filter((entry) => entry.key !== key);
  settle();
}

/**
 * The overlay on screen is animating out: it keeps its turn until `releaseOverlay`, so nothing is drawn over it.
 * An entry that is not on screen has nothing to animate and is released at once.
 */
export function overlayLeaving(key: string): void {
  const entry = queue.find((e) => e.key === key);
  if (!entry) return;
  if (active !== key) {
    releaseOverlay(key);
    return;
  }
  const leave = ++leaves;
  entry.leaving = leave;
  // A card that never mounted has no exit to end: its turn must not be held for ever.
  setTimeout(() => {
    if (entry.leaving === leave) releaseOverlay(key);
  }, LEAVING_AT_MOST_MS);
}

/** A sheet or dialog opened (`key` names it): the queue holds its entries until every sheet is closed. */
export function sheetOpened(key: string): void {
  openSheets.add(key);
  settle();
}

export function sheetClosed(key: string): void {
  if (openSheets.delete(key)) settle();
}

/** The key whose turn it is, or null. */
export function activeOverlay(): string | null {
  return active;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while it is `key`'s turn on screen (false for null: nothing asked). */
export function useOverlayTurn(key: string | null): boolean {
  const current = useSyncExternalStore(subscribe, activeOverlay, activeOverlay);
  return key !== null && current === key;
}

/** Tests only: an empty queue. */
export function resetOverlayQueue(): void {
  queue = [];
  openSheets.clear();
  active = null;
}

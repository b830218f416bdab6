import { useEffect, useRef, useState } from 'react';

/*
 * Back closes the top overlay (a sheet, a dialog), the way a phone's Back button does in native apps:
 * each open overlay owns one history entry at the same URL, marked with its depth. Back lands on the entry
 * below, and the overlays above that depth close. Closing one by its X, Escape or an action takes its
 * entry back off, so Back afterwards leaves the page as it would have without the overlay.
 *
 * Opening and closing are reconciled once per task (`sync`), not per overlay: a panel that closes while
 * the sheet it opened appears (notifications → a liker's profile) keeps one entry instead of popping
 * one and pushing another, which the browser would apply out of order.
 *
 * The router never sees these moves: the entries share the URL and the router's own state, and the
 * popstate they cause is stopped before it (it would re-run the page's loaders and scroll restoration).
 */

const MARK = 'steepOverlay';

interface OpenOverlay {
  close: () => void;
}

/** The open overlays, oldest first; an overlay's depth is its index + 1. */
const open: OpenOverlay[] = [];
/** Steps back this module asked for that have not landed yet. */
let ownPops = 0;
let syncQueued = false;
let listening = false;
/** The URL the entries were pushed at: a Back that leaves it is the router's, not ours. */
let overlayHref: string | null = null;

function depthOfEntry(state: unknown = window.history.state): number {
  const depth = (state as Record<string, unknown> | null)?.[MARK];
  return typeof depth === 'number' ? depth : 0;
}

/**
 * Runs before the router's listener (capture on the target runs first), so a Back that only closes
 * an overlay stops here.
 */
function onPopState(event: PopStateEvent): void {
  const sameUrl = overlayHref === window.location.href;
  if (ownPops > 0) {
    ownPops -= 1;
    if (sameUrl) event.stopImmediatePropagation();
    return;
  }
  if (!sameUrl) {
    // Back left the page: whatever was open goes with it, without stepping back any further.
    open.splice(0).forEach((overlay) => overlay.close());
    return;
  }
  const depth = depthOfEntry(event.state);
  const closing = open.splice(depth);
  closing.reverse().forEach((overlay) => overlay.close());
  // Nothing open here (an entry left behind by a link inside a sheet): an ordinary Back for the router.
  if (closing.length > 0) event.stopImmediatePropagation();
}

function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', onPopState, { capture: true });
}

/** Brings the history's overlay entries in line with the open overlays. */
function sync(): void {
  syncQueued = false;
  const current = depthOfEntry();
  // A navigation replaced the page under an open overlay: its entry is gone with the page.
  if (current > 0 && overlayHref !== window.location.href) return;
  if (open.length > current) {
    if (current === 0) overlayHref = window.location.href;
    const base = (window.history.state as Record<string, unknown> | null) ?? {};
    for (let depth = current + 1; depth <= open.length; depth++) {
      window.history.pushState({ ...base, [MARK]: depth }, '');
    }
  } else if (open.length < current) {
    // A link inside the sheet is opening its page: stepping back now could land after the router's push and
    // undo it. The entry stays behind under the new page (one extra Back there), which is harmless.
    if (routerBusy()) return;
    ownPops += 1;
    window.history.go(open.length - current);
  }
}

let routerBusy: () => boolean = () => false;

/** The router tells whether a navigation is under way (app/router.tsx wires it). */
export function followRouter(router: { state: { navigation: { state: string } } }): void {
  routerBusy = () => router.state.navigation.state !== 'idle';
}

function queueSync(): void {
  if (syncQueued) return;
  syncQueued = true;
  queueMicrotask(sync);
}

/**
 * While `isOpen`, the overlay holds a history entry; Back calls `close` (which must set it closed).
 * Use it in the shared overlay components, not per screen.
 */
export function useBackCloses(isOpen: boolean, close: () => void): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!isOpen) return;
    listen();
    const overlay: OpenOverlay = { close: () => closeRef.current() };
    open.push(overlay);
    queueSync();
    return () => {
      const index = open.indexOf(overlay);
      // Not there: Back closed it, and its entry is already gone.
      if (index === -1) return;
      open.splice(index, 1);
      queueSync();
    };
  }, [isOpen]);
}

/** How a Radix overlay's Root is told it is open: controlled (`open`), or by its trigger (`defaultOpen`). */
export interface OverlayOpenProps {
  open?: boolean | undefined;
  defaultOpen?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
}

/**
 * The open state of a shared overlay component's Root (a dialog, a sheet, a menu) given either way, with Back
 * closing it while it is open (`backCloses: false` leaves Back to the router).
 */
export function useBackClosingOpenState(
  { open, defaultOpen, onOpenChange }: OverlayOpenProps,
  backCloses = true,
): { open: boolean; onOpenChange: (open: boolean) => void } {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen ?? false);
  const isOpen = open ?? uncontrolled;
  const change = (next: boolean) => {
    if (open === undefined) setUncontrolled(next);
    onOpenChange?.(next);
  };
  useBackCloses(backCloses && isOpen, () => change(false));
  return { open: isOpen, onOpenChange: change };
}

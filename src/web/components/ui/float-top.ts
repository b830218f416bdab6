import { useEffect } from 'react';
import { useLocation } from 'react-router';

/*
 * What a floating notice (a toast, the badge card) must start below when it shows at the top of the window: the
 * header with its controls, the "You're offline" strip and the date-plan banner, which sits at the top of every
 * signed-in screen while a plan runs; each was hidden by them (tryout). Each such element registers itself; ./float-edge.ts reads the inset and places the notice again when one
 * comes, goes or changes size, and when she arrives on another screen.
 */
const below = new Set<HTMLElement>();
const listeners = new Set<() => void>();
let resizes: ResizeObserver | null = null;

function changed(): void {
  for (const listener of listeners) listener();
}

export function subscribeToFloatTop(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A ref callback for an element floating notices stay below while it is on screen. Module-level: React runs a ref's
 * cleanup whenever the callback changes.
 */
export function floatBelow(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return undefined;
  below.add(element);
  resizes ??= new ResizeObserver(changed);
  resizes.observe(element);
  changed();
  return () => {
    below.delete(element);
    resizes?.unobserve(element);
    changed();
  };
}

/** Pixels from the window's top a notice at the top starts below: the lowest bottom of what it stays below, in view. */
export function floatTopInset(): number {
  let inset = 0;
  for (const element of below) {
    const box = element.getBoundingClientRect();
    if (box.height > 0 && box.bottom > 0 && box.top < window.innerHeight) inset = Math.max(inset, box.bottom);
  }
  return Math.round(inset);
}

/**
 * A notice still showing as she arrives on another screen is placed for that screen (a toast raised by Unmatch
 * stayed where the conversation screen had put it). For the layouts, which every signed-in screen is drawn in.
 */
export function useFloatFollowsScreen(): void {
  const { pathname } = useLocation();
  useEffect(() => changed(), [pathname]);
}

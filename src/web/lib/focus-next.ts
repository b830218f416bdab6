import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Moves her focus once the next render has drawn its target: the returned function names it when an answer changes
 * a form under her focus (a button disabled while its request was out drops focus to the page; the control she
 * pressed may be gone). A field named in `select` has its text selected too, so typing replaces it and an arrow key
 * mends it.
 */
export function useFocusNext<K extends string>(
  targets: Record<K, RefObject<HTMLElement | null>>,
  select: readonly NoInfer<K>[] = [],
): (target: K) => void {
  const next = useRef<K | null>(null);
  useEffect(() => {
    const key = next.current;
    if (!key) return;
    const target = targets[key].current;
    if (!target) return;
    next.current = null;
    target.focus();
    if (select.includes(key) && target instanceof HTMLInputElement) target.select();
  });
  return useCallback((target: K) => {
    next.current = target;
  }, []);
}

/**
 * A ref callback for a control that goes when she presses it (Cancel once its upload ends, Retry once its message
 * is on its way): her focus passes to the element with `targetId` instead of falling to the page. Made once, at
 * module level: React runs a ref's cleanup whenever the callback changes, so one made in a render would move her
 * focus on every re-render (an upload's progress).
 */
export function passFocusOnLeave(targetId: string): (control: HTMLElement | null) => (() => void) | undefined {
  return (control) => {
    if (!control) return;
    return () => {
      if (document.activeElement === control) queueMicrotask(() => document.getElementById(targetId)?.focus());
    };
  };
}

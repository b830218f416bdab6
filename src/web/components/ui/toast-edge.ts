import { useLayoutEffect, type RefObject } from 'react';
import { MARGIN_PX } from '../../lib/keep-focus-visible';

type ToastEdge = 'top' | 'bottom';

const other = (edge: ToastEdge): ToastEdge => (edge === 'top' ? 'bottom' : 'top');

/** Whether the toast at `edge` of the window would cover `target` (with room for its focus ring). */
function wouldCover(list: HTMLElement, toast: HTMLElement, edge: ToastEdge, target: Element): boolean {
  const style = getComputedStyle(list);
  const box = list.getBoundingClientRect();
  // Layout sizes, not the box on screen: the toast may be mid-animation (scaled, shifted).
  const left = box.left + parseFloat(style.paddingLeft);
  const right = box.right - parseFloat(style.paddingRight);
  const top =
    edge === 'top'
      ? parseFloat(style.paddingTop)
      : window.innerHeight - parseFloat(style.paddingBottom) - toast.offsetHeight;
  const bottom = top + toast.offsetHeight;
  const focused = target.getBoundingClientRect();
  return (
    focused.left - MARGIN_PX < right &&
    focused.right + MARGIN_PX > left &&
    focused.top - MARGIN_PX < bottom &&
    focused.bottom + MARGIN_PX > top
  );
}

/**
 * Puts the toast at an edge of the window (`data-edge` on the viewport, read by its classes): the top, unless there
 * it would cover the control her focus is on (a header button, a field near the top; WCAG 2.4.11), then the bottom.
 * Decided when a toast shows and again whenever her focus moves while it does, so no screen has to move her focus
 * away from a toast itself. Only a visible focus counts (a field, a control reached by keyboard, or what the page
 * moved her focus to and rings, `data-shows-focus`): a tapped button does not send the toast to and fro. Written on
 * the element, not kept in React state: it follows the page's layout.
 */
export function useToastEdge(viewport: RefObject<HTMLElement | null>, shownId: number | null): void {
  useLayoutEffect(() => {
    const list = viewport.current;
    if (shownId === null || !list) return;
    const covers = (at: ToastEdge) => {
      const toast = list.querySelector('li');
      const target = document.activeElement;
      if (!(toast instanceof HTMLElement) || !target || target === document.body || list.contains(target)) return false;
      return target.matches(':focus-visible, [data-shows-focus]') && wouldCover(list, toast, at, target);
    };
    // Each toast starts at the top; it moves only when its edge covers her focus and the other one does not.
    const place = (from: ToastEdge) => {
      list.setAttribute('data-edge', covers(from) && !covers(other(from)) ? other(from) : from);
    };
    place('top');
    const onFocusIn = () => place(list.getAttribute('data-edge') === 'bottom' ? 'bottom' : 'top');
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [viewport, shownId]);
}

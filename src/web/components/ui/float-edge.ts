import { useLayoutEffect, type RefObject } from 'react';
import { MARGIN_PX } from '../../lib/keep-focus-visible';
import { floatTopInset, subscribeToFloatTop } from './float-top';

type FloatEdge = 'top' | 'bottom';

/** Where a floating element would sit at an edge of the window: its layout box, not the one mid-animation. */
interface FloatBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const other = (edge: FloatEdge): FloatEdge => (edge === 'top' ? 'bottom' : 'top');

/** Whether `box` would cover `target` (with room for its focus ring). */
function covers(box: FloatBox, target: Element): boolean {
  const focused = target.getBoundingClientRect();
  return (
    focused.left - MARGIN_PX < box.right &&
    focused.right + MARGIN_PX > box.left &&
    focused.top - MARGIN_PX < box.bottom &&
    focused.bottom + MARGIN_PX > box.top
  );
}

/**
 * Puts a floating element (a toast, the badge card) at an edge of the window, `data-edge` on `host`, read by its
 * classes (and `--float-top`, how far down the top is: below the date-plan banner while it shows): the top, unless there it would cover the control her focus is on (a header button, a field near the
 * top; WCAG 2.4.11), then the bottom. Decided when it shows and again whenever her focus moves while it does, so no
 * screen has to move her focus away from it. Only a visible focus counts (a field, a control reached by keyboard,
 * or what the page moved her focus to and rings, `data-shows-focus`): a tapped button does not send it to and fro.
 * Written on the element, not kept in React state: it follows the page's layout. `boxAt` says where it would be at
 * an edge, or null when there is nothing to place.
 */
export function useFloatEdge(
  host: RefObject<HTMLElement | null>,
  shownId: number | string | null,
  boxAt: (host: HTMLElement, edge: FloatEdge) => FloatBox | null,
): void {
  useLayoutEffect(() => {
    const element = host.current;
    if (shownId === null || !element) return;
    const coversFocus = (at: FloatEdge) => {
      const target = document.activeElement;
      if (!target || target === document.body || element.contains(target)) return false;
      if (!target.matches(':focus-visible, [data-shows-focus]')) return false;
      const box = boxAt(element, at);
      return box !== null && covers(box, target);
    };
    // Each one starts at the top (below the date-plan banner, ./float-top.ts); it moves only when its edge covers
    // her focus and the other one does not.
    const place = (from: FloatEdge) => {
      element.style.setProperty('--float-top', `${floatTopInset()}px`);
      element.setAttribute('data-edge', coversFocus(from) && !coversFocus(other(from)) ? other(from) : from);
    };
    const edgeNow = (): FloatEdge => (element.getAttribute('data-edge') === 'bottom' ? 'bottom' : 'top');
    place('top');
    const onFocusIn = () => place(edgeNow());
    // The banner scrolls with the page: the notice follows it up to the window's top, once a frame at most.
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        place(edgeNow());
      });
    };
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('scroll', onScroll, { passive: true });
    // Another screen, or the banner came, went or changed: placed afresh, from the top.
    const unsubscribe = subscribeToFloatTop(() => place('top'));
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [host, shownId, boxAt]);
}

/** A toast in the toast list at `edge`: the list's padding, then the toast's own height. */
export function toastBoxAt(list: HTMLElement, edge: FloatEdge): FloatBox | null {
  const toast = list.querySelector('li');
  if (!(toast instanceof HTMLElement)) return null;
  const style = getComputedStyle(list);
  const box = list.getBoundingClientRect();
  const top =
    edge === 'top'
      ? (parseFloat(list.style.getPropertyValue('--float-top')) || 0) + parseFloat(style.paddingTop)
      : window.innerHeight - parseFloat(style.paddingBottom) - toast.offsetHeight;
  return {
    left: box.left + parseFloat(style.paddingLeft),
    right: box.right - parseFloat(style.paddingRight),
    top,
    bottom: top + toast.offsetHeight,
  };
}

/**
 * A floating element that is itself the host, measured at `edge` (its `data-edge` set for the measure, then put
 * back), less the translation its entrance animation is at.
 */
export function hostBoxAt(host: HTMLElement, edge: FloatEdge): FloatBox {
  const was = host.getAttribute('data-edge');
  host.setAttribute('data-edge', edge);
  const box = host.getBoundingClientRect();
  const transform = getComputedStyle(host).transform;
  const shift = transform === 'none' ? 0 : new DOMMatrixReadOnly(transform).m42;
  if (was === null) host.removeAttribute('data-edge');
  else host.setAttribute('data-edge', was);
  return { left: box.left, right: box.right, top: box.top - shift, bottom: box.bottom - shift };
}

/**
 * Focus is never hidden under a fixed or sticky bar (WCAG 2.4.11). `scroll-padding` in styles.css keeps the
 * browser's own focus scrolling clear of the app header and bottom navigation; this catches what it cannot:
 * bars inside other scroll containers (the conversation's header and composer, a screen's sticky save bar)
 * and focus moved by script. Bars say which edge they cover with `data-obscures-focus="top" | "bottom"`.
 */

const OBSCURES_FOCUS = 'data-obscures-focus';

/** Room left between the focused element and the bar, so the focus ring shows too. */
export const MARGIN_PX = 8;

/**
 * The space not covered by any bar, for a target that is not itself in a bar. Within `layer` (a dialog over the
 * page) only the bars inside it count: the page's own bars are under it.
 */
export function clearBand(
  doc: Document,
  target: Element,
  layer: Element | null = null,
): { top: number; bottom: number } {
  let top = 0;
  let bottom = doc.defaultView?.innerHeight ?? doc.documentElement.clientHeight;
  for (const bar of doc.querySelectorAll<HTMLElement>(`[${OBSCURES_FOCUS}]`)) {
    if (bar.contains(target) || (layer && !layer.contains(bar))) continue;
    const box = bar.getBoundingClientRect();
    if (box.height === 0) continue;
    if (bar.getAttribute(OBSCURES_FOCUS) === 'top') top = Math.max(top, box.bottom);
    else bottom = Math.min(bottom, box.top);
  }
  return { top, bottom };
}

/** The nearest fixed ancestor (a dialog, a toast, the skip link): it floats above the page and its bars. */
export function fixedLayer(element: Element): Element | null {
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (getComputedStyle(node).position === 'fixed') return node;
  }
  return null;
}

/**
 * Only a focus she can see is kept clear: a field, a control reached by keyboard, or what a screen moved her focus to
 * and rings (`data-shows-focus`). A tap on nothing in particular focuses the nearest container that takes focus (the
 * screen's <main>, kept focusable for the skip link; a tab panel), with no ring: scrolling that into view would
 * throw her back to the screen's top or jump the page under her finger.
 */
const showsFocus = (element: Element) => element.matches(':focus-visible, [data-shows-focus]');

function isInBarOrFloating(element: Element): boolean {
  if (element.closest(`[${OBSCURES_FOCUS}]`)) return true;
  // Scrolling the page would not move it.
  return fixedLayer(element) !== null;
}

export function scrollParent(element: Element): Element | null {
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if ((overflowY === 'auto' || overflowY === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return null;
}

/** Scrolls `element` into the band between the bars when part of it is under one. */
function scrollClearOfBars(element: Element): void {
  if (isInBarOrFloating(element) || !showsFocus(element)) return;
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return;
  const band = clearBand(element.ownerDocument, element);
  let delta = 0;
  if (box.top < band.top + MARGIN_PX) delta = box.top - band.top - MARGIN_PX;
  else if (box.bottom > band.bottom - MARGIN_PX)
    // Taller than the band: show its top.
    delta = Math.min(box.bottom - band.bottom + MARGIN_PX, box.top - band.top - MARGIN_PX);
  if (delta === 0) return;
  const container = scrollParent(element);
  if (container) container.scrollBy({ top: delta, behavior: 'instant' });
  else window.scrollBy({ top: delta, behavior: 'instant' });
}

/** Installs the keeper on a document; returns the function that removes it. */
export function keepFocusClearOfBars(doc: Document): () => void {
  let frame = 0;
  const onFocusIn = () => {
    // After the browser's own focus scrolling and any layout the focus caused. Whatever holds the focus then, not
    // the event's target: a roving-focus group (Radix's chips, tabs) passes the focus it receives on to an item
    // inside its own focusin handler, so the item's event arrives here first and the group's, stale, after it.
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const focused = doc.activeElement;
      if (focused && focused !== doc.body) scrollClearOfBars(focused);
    });
  };
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    cancelAnimationFrame(frame);
    doc.removeEventListener('focusin', onFocusIn);
  };
}

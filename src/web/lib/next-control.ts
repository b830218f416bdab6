/**
 * The first control after `element` in document order: where a Tab from its last control would have gone. Where her
 * focus goes when the thing it was on goes away (a card she closed, a banner she turned off).
 */
const CONTROLS = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled)';

export function nextControlAfter(element: HTMLElement): HTMLElement | undefined {
  const controls = element.ownerDocument.querySelectorAll<HTMLElement>(CONTROLS);
  return [...controls].find(
    (control) =>
      !element.contains(control) &&
      Boolean(element.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
}

/** The first control inside `element`: where a screen's own content starts for her keyboard. */
export function firstControlIn(element: HTMLElement): HTMLElement | undefined {
  return element.querySelector<HTMLElement>(CONTROLS) ?? undefined;
}

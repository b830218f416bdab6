import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from './api';
import { MARGIN_PX, clearBand, fixedLayer, scrollParent } from './keep-focus-visible';

/*
 * How a form says no, the same way in every form (decision 0024): each problem beside its field, focus on the
 * first wrong field with its label and message in view (clear of the app's bars), and no toast repeating what
 * the fields already say. A toast is for what no field on screen can show: a refusal that names no field, a
 * lost connection, a field the form does not have.
 */

/** A form's problems: field → message. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/**
 * Which of the form's fields an error path is about (`contacts.0.name`, `location`), or undefined when the form
 * has no field for it. A list of names matches a path itself, else its first segment (`interests.3` → `interests`).
 */
type FieldsOf<F extends string> = readonly F[] | ((path: string) => F | undefined);

function fieldFor<F extends string>(fields: FieldsOf<F>, path: string): F | undefined {
  if (typeof fields === 'function') return fields(path);
  const first = path.split('.')[0] ?? path;
  return fields.find((field) => field === path) ?? fields.find((field) => field === first);
}

/**
 * The server's field errors (`errors[]` of its answer) for the fields the form shows, the first message for each;
 * `complete` is false when the answer names no field, or one the form does not show (that one needs saying elsewhere).
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: FieldsOf<F>,
): { errors: FieldErrors<F>; complete: boolean } {
  const listed = isApiError(error) ? (error.body?.errors ?? []) : [];
  const errors: FieldErrors<F> = {};
  let complete = listed.length > 0;
  for (const { path, message } of listed) {
    const field = fieldFor(fields, path);
    if (field === undefined) complete = false;
    else errors[field] ??= message;
  }
  return { errors, complete };
}

/** A wrong control (`aria-invalid`), or a message about a group of them (chips) that no single control carries. */
const INVALID = '[aria-invalid="true"], [data-field-error]';

/**
 * Brings `element` (a field with its label and message) fully into view, centred in the space between the bars
 * (lib/keep-focus-visible.ts) when it is not already all there; taller than that space, its top shows. In the page
 * and inside a scrolling sheet alike.
 */
function revealClearOfBars(element: Element): void {
  const box = element.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return;
  const container = scrollParent(element);
  let { top, bottom } = clearBand(element.ownerDocument, element, fixedLayer(element));
  if (container) {
    const frame = container.getBoundingClientRect();
    top = Math.max(top, frame.top);
    bottom = Math.min(bottom, frame.bottom);
  }
  top += MARGIN_PX;
  bottom -= MARGIN_PX;
  if (box.top >= top && box.bottom <= bottom) return;
  const delta = box.height <= bottom - top ? (box.top + box.bottom - top - bottom) / 2 : box.top - top;
  if (container) container.scrollBy({ top: delta, behavior: 'instant' });
  else window.scrollBy({ top: delta, behavior: 'instant' });
}

/** Focuses the first wrong field in `form` and brings it, with its label and message, clear of the bars. */
function focusFirstInvalid(form: HTMLElement): boolean {
  const target = form.querySelector<HTMLElement>(INVALID);
  if (!target) return false;
  // A group's message is not a control: focusable by script only, so a screen reader reads it and Tab goes on.
  if (target.hasAttribute('data-field-error') && target.tabIndex < 0) target.tabIndex = -1;
  target.focus({ preventScroll: true });
  revealClearOfBars(target.closest('[data-field]') ?? target);
  return true;
}

/**
 * The form's element and a request to focus its first wrong field once the render that marks it is on screen:
 * for a form that keeps its problems itself.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const formRef = useRef<T>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0 && formRef.current) focusFirstInvalid(formRef.current);
  }, [requests]);
  const focusFirst = useCallback(() => setRequests((n) => n + 1), []);
  return { formRef, focusFirst };
}

/**
 * A form's problems, kept and shown the shared way: `refuse` shows what her own checks found, `refuseFromServer`
 * what the server's answer names; both focus the first wrong field. `refuseFromServer` answers whether the fields
 * said everything: when false, the caller says the rest (a toast), and only then.
 */
export function useFormErrors<F extends string, T extends HTMLElement = HTMLFormElement>(fields: FieldsOf<F>) {
  const { formRef, focusFirst } = useFocusFirstInvalid<T>();
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const fieldsRef = useRef(fields);
  useEffect(() => {
    fieldsRef.current = fields;
  });

  const refuse = useCallback(
    (problems: FieldErrors<F>): boolean => {
      setErrors(problems);
      const any = Object.values(problems).some(Boolean);
      if (any) focusFirst();
      return any;
    },
    [focusFirst],
  );

  const refuseFromServer = useCallback(
    (error: unknown): boolean => {
      const { errors: found, complete } = serverFieldErrors(error, fieldsRef.current);
      refuse(found);
      return complete;
    },
    [refuse],
  );

  /**
   * Her own check of one field as she edits or leaves it: its message now, or none when it is right. Her focus stays
   * where she put it (only a refused submit moves it).
   */
  const recheck = useCallback(
    (field: F, message: string | undefined) =>
      setErrors((current) => {
        if (current[field] === message) return current;
        const next = { ...current };
        if (message) next[field] = message;
        else delete next[field];
        return next;
      }),
    [],
  );

  /** Her edit of a field answers its message (a field with no check of its own). */
  const clearError = useCallback((field: F) => recheck(field, undefined), [recheck]);

  return { formRef, errors, setErrors, refuse, refuseFromServer, recheck, clearError };
}

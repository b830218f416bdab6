import { useEffect, useId, useLayoutEffect, useRef, type ComponentProps } from 'react';
import { AlertDialog as RadixAlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { useBackClosingOpenState, type OverlayOpenProps } from '../../lib/overlay-history';
import { sheetClosed, sheetOpened } from '../../lib/overlay-queue';

/*
 * Radix's Dialog and AlertDialog with the app's overlay rules in their Root, so every sheet and dialog
 * follows them without each screen doing it: Back closes the top one (lib/overlay-history.ts), and
 * toasts, celebrations and badge cards wait while one is open (lib/overlay-queue.ts). Screens import
 * `Dialog` / `AlertDialog` from here instead of from radix-ui.
 */

/** The dim behind every dialog and sheet (--color-scrim darkens the page in both themes). */
export const OVERLAY_CLASS = 'fixed inset-0 z-50 bg-scrim/40 data-[state=open]:animate-fade-in';

/** Open state for a dialog's Root given either way, with Back closing it; the overlay queue hears while it is open. */
function useOverlayRoot(props: OverlayOpenProps, backCloses = true) {
  const state = useBackClosingOpenState(props, backCloses);
  const key = `sheet:${useId()}`;
  useEffect(() => {
    if (!state.open) return;
    sheetOpened(key);
    return () => sheetClosed(key);
  }, [state.open, key]);
  return state;
}

function DialogRoot(props: ComponentProps<typeof RadixDialog.Root>) {
  const state = useOverlayRoot(props);
  return <RadixDialog.Root {...props} {...state} />;
}

/**
 * `backCloses: false` for a dialog that asks about a navigation the router is holding (leaving with unsaved
 * edits): Back is then the router's, and a history entry of the dialog's own would step between the two.
 */
function AlertDialogRoot({
  backCloses = true,
  ...props
}: ComponentProps<typeof RadixAlertDialog.Root> & { backCloses?: boolean }) {
  const state = useOverlayRoot(props, backCloses);
  return <RadixAlertDialog.Root {...props} {...state} />;
}

export const Dialog = { ...RadixDialog, Root: DialogRoot };
export const AlertDialog = { ...RadixAlertDialog, Root: AlertDialogRoot };

/**
 * What focus goes back to when a dialog closes: the element focused when it opened, or, when that was an item
 * of a menu (which is gone by then), the button that opened the menu.
 */
function openerOf(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest<HTMLElement>('[role="menu"]');
  if (!menu) return element;
  return (
    (menu.id ? document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`) : null) ??
    document.querySelector<HTMLElement>('[aria-haspopup="menu"][data-state="open"]')
  );
}

/**
 * The Content's `onCloseAutoFocus` for a dialog opened from state rather than its Trigger: focus goes back to
 * what opened it (Radix alone would leave it on the page, and a keyboard user would start again from the top).
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  // Before the dialog moves focus inside itself (its own effect runs after layout effects).
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement);
  }, [open]);
  return (event) => {
    const target = opener.current;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
}

import { useEffect, useRef, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Button } from './button';
import { AlertDialog, useReturnFocus, OVERLAY_CLASS } from './dialog';

/**
 * The one "are you sure?" dialog: a bottom card with a title, what will happen, a way back and the
 * destructive action. While `busy` (the action's request is in flight) neither button nor Escape closes it,
 * so she sees how it ended.
 */
export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** 'danger' for what destroys something; 'primary' for a confirmation that is not (I'm safe). */
  tone?: 'danger' | 'primary';
  /** It asks about a navigation the router holds (a blocker): Back stays the router's (see dialog.tsx). */
  holdsNavigation?: boolean;
  /** Where her focus goes when it closes and the control that opened it is gone (the row it acted on). */
  focusWhenOpenerGone?: () => HTMLElement | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy = false,
  tone = 'danger',
  holdsNavigation = false,
  focusWhenOpenerGone,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  const returnFocus = useReturnFocus(open);
  // While busy the buttons are disabled, and a disabled button drops her focus to the page's body. If the action
  // failed (offline, say) the dialog stays open to try again: her focus goes back to its action, not left behind
  // the dialog where the keyboard cannot reach it (tryout: Safety's unblock confirm).
  const confirmButton = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(busy);
  useEffect(() => {
    const settled = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!settled || !open) return;
    const active = document.activeElement;
    if (!active || active === document.body) confirmButton.current?.focus();
  }, [busy, open]);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()} backCloses={!holdsNavigation}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={OVERLAY_CLASS} />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            returnFocus(event);
            if (!focusWhenOpenerGone) return;
            if (!event.defaultPrevented) {
              const instead = focusWhenOpenerGone();
              if (instead) {
                event.preventDefault();
                instead.focus();
              }
              return;
            }
            // Her focus went back to the opener, which may still leave with what the action removed (a card's ⋮
            // goes when its card's exit ends, later on a slow phone): when it does, her focus goes on instead.
            handOnWhenGone(document.activeElement, focusWhenOpenerGone);
          }}
          className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-sm rounded-(--radius-card) bg-cream-50 p-6 shadow-float data-[state=open]:animate-sheet-up focus:outline-none"
        >
          <AlertDialog.Title className="font-display text-xl font-semibold wrap-anywhere text-plum-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-relaxed text-ink-soft">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 grid grid-cols-2 gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" className="px-3 whitespace-nowrap" disabled={busy}>
                {cancelLabel ?? t`Cancel`}
              </Button>
            </AlertDialog.Cancel>
            <Button ref={confirmButton} variant={tone} disabled={busy} onClick={onConfirm}>
              {busy ? (busyLabel ?? t`Please wait…`) : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** How long an opener that got focus back may take to leave (a card's exit animation, on a slow phone). */
const OPENER_EXIT_MS = 5_000;

/** When `held` leaves the page and her focus fell to the body with it, focus what `next` names. */
function handOnWhenGone(held: Element | null, next: () => HTMLElement | null) {
  const handOn = () => {
    const active = document.activeElement;
    if (!active || active === document.body) next()?.focus();
  };
  if (!held || held === document.body || !held.isConnected) {
    handOn();
    return;
  }
  const stop = () => {
    watcher.disconnect();
    held.removeEventListener('focusout', movedOn);
  };
  // She moved on by herself before it left: leave her focus where she put it.
  const movedOn = (event: Event) => {
    if ((event as FocusEvent).relatedTarget) stop();
  };
  const watcher = new MutationObserver(() => {
    if (held.isConnected) return;
    stop();
    handOn();
  });
  watcher.observe(document.body, { childList: true, subtree: true });
  held.addEventListener('focusout', movedOn);
  setTimeout(stop, OPENER_EXIT_MS);
}

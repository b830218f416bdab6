import { useRef, useSyncExternalStore, type FocusEvent } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { cn } from '../../lib/cn';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  currentToast,
  dismissToast,
  subscribeToToasts,
  toastOverlayKey,
} from './toast-store';
import { useOverlayTurn } from '../../lib/overlay-queue';
import { toastBoxAt, useFloatEdge } from './float-edge';

/** The current toast, drawn with Radix (loaded after the first paint by Toaster). */
export function ToastView() {
  const { t } = useLingui();
  const state = useSyncExternalStore(subscribeToToasts, currentToast, currentToast);
  // Drawn only on its turn: a tour, celebration or badge card on screen goes first.
  const myTurn = useOverlayTurn(state?.open ? toastOverlayKey(state.id) : null);
  const viewport = useRef<HTMLOListElement>(null);
  useFloatEdge(viewport, state && myTurn ? state.id : null, toastBoxAt);
  // Where her focus was before it came to the toasts (F8, or Tab): closing the toast (Escape, its Close button)
  // gives it back there. Radix leaves it on the empty list, a spot with nothing to press (tryout).
  const returnTo = useRef<HTMLElement | null>(null);
  const rememberWhereFrom = (event: FocusEvent) => {
    const from = event.relatedTarget;
    // Radix's focus guards sit beside the list in its region: moving through them is not leaving.
    const region = viewport.current?.parentElement;
    if (from instanceof HTMLElement && !region?.contains(from)) returnTo.current = from;
  };
  const giveFocusBack = () => {
    const list = viewport.current;
    const target = returnTo.current;
    returnTo.current = null;
    if (list?.contains(document.activeElement) && target?.isConnected) target.focus();
  };

  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
      // Radix's English defaults ("Notification", "Notifications (F8)") named the region like the bell, in every
      // language: a screen reader heard two "Notifications" (tryout).
      label={t`Notice`}
    >
      {state && myTurn && (
        <ToastPrimitive.Root
          key={state.id}
          open={state.open}
          onOpenChange={(open) => {
            if (open) return;
            giveFocusBack();
            dismissToast(state.id);
          }}
          {...(state.duration !== undefined ? { duration: state.duration } : {})}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-float',
            'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[swipe=end]:animate-toast-swipe-out',
            state.variant === 'destructive'
              ? 'border-red-200 bg-red-50 text-red-900'
              : 'border-plum-100 bg-cream-50 text-ink',
          )}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            <ToastPrimitive.Title className="text-[0.95rem] font-semibold leading-snug">
              {state.title}
            </ToastPrimitive.Title>
            {state.description && (
              <ToastPrimitive.Description
                className={cn(
                  'text-sm leading-snug [overflow-wrap:anywhere]',
                  state.variant === 'destructive' ? 'text-red-800' : 'text-ink-soft',
                )}
              >
                {state.description}
              </ToastPrimitive.Description>
            )}
          </div>
          {state.action && (
            <ToastPrimitive.Action
              altText={state.action.label}
              onClick={state.action.onClick}
              className={cn(
                'inline-flex min-h-9 shrink-0 items-center self-center rounded-full px-3.5 text-sm font-semibold transition-colors',
                state.variant === 'destructive'
                  ? 'bg-red-600 text-white hover:bg-red-700'
                  : 'bg-plum-700 text-white hover:bg-plum-800',
              )}
            >
              {state.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close
            aria-label={t`Close`}
            className="absolute top-2 right-2 grid size-8 place-items-center rounded-full text-current/60 transition-colors hover:bg-black/5 hover:text-current"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        ref={viewport}
        onFocus={rememberWhereFrom}
        hotkey={TOAST_HOTKEY}
        // Radix puts the hotkey in for {hotkey}.
        label={`${t`Notices`} ({hotkey})`}
        data-testid="toasts"
        // At the top (below the date-plan banner), or the bottom while the top would cover her focus (./float-edge.ts sets data-edge).
        className="fixed top-[var(--float-top,0px)] right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none data-[edge=bottom]:top-auto data-[edge=bottom]:bottom-0 md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}

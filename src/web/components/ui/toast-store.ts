import type { ReactNode } from 'react';
import { errorText } from '../../lib/api';
import { releaseOverlay, requestOverlay } from '../../lib/overlay-queue';

/** Product §9: one toast at a time, auto-close 5000 ms, swipe threshold 50 px, hotkey F8. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

type ToastVariant = 'default' | 'destructive';

interface ToastAction {
  label: string;
  /** `event.detail` is 0 when she pressed it from the keyboard. */
  onClick: (event: { detail: number }) => void;
}

interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Overrides the default 5000 ms. */
  duration?: number;
}

interface ToastState extends ToastOptions {
  id: number;
  open: boolean;
}

/*
 * A tiny external store so toast() can be called from anywhere (components,
 * providers, mutation callbacks). It holds at most one toast: a new one replaces the old. The toast waits
 * its turn in the overlay queue (lib/overlay-queue.ts) behind the tour and a celebration.
 */
let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastState | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): ToastState | null {
  return current;
}

/** The toast's key in the overlay queue. */
export const toastOverlayKey = (id: number) => `toast:${id}`;

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) {
    releaseOverlay(toastOverlayKey(current.id));
    emit({ ...current, open: false });
  }
}

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  if (current) releaseOverlay(toastOverlayKey(current.id));
  emit({ ...options, id, open: true });
  requestOverlay('toast', toastOverlayKey(id), {
    // A toast answers what she just did, often inside an open sheet ("User blocked", "Not saved"): holding it
    // until the sheet closes would leave her action without an answer. News (celebrations, badge cards) waits.
    overSheets: true,
  });
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * What she did did not happen: `title` says what ("Not blocked", "Could not save"), the description why, in the
 * server's words, the connection's, else `fallback` (`errorText`, lib/api.ts).
 */
export function toastFailed(title: string, error: unknown, fallback?: string): { id: number; dismiss: () => void } {
  return toast({ title, description: errorText(error, fallback), variant: 'destructive' });
}

export function useToast(): { toast: typeof toast; dismiss: typeof dismissToast } {
  return { toast, dismiss: dismissToast };
}

import type { ReactNode } from 'react';

/** Spec 9: one toast at a time, auto-close 5000 ms, swipe threshold 50 px, hotkey F8. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  action?: ToastAction;
  /** Overrides the default 5000 ms. */
  duration?: number;
}

export interface ToastState extends ToastOptions {
  id: number;
  open: boolean;
}

/*
 * A tiny external store so toast() can be called from anywhere (components,
 * providers, mutation callbacks). It holds at most one toast: a new one replaces the old.
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

export function dismissToast(id?: number): void {
  if (current && (id === undefined || current.id === id)) emit({ ...current, open: false });
}

export function toast(options: ToastOptions): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit({ ...options, id, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast(): { toast: typeof toast; dismiss: typeof dismissToast } {
  return { toast, dismiss: dismissToast };
}

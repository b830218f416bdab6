import { useEffect, useSyncExternalStore } from 'react';

/*
 * The service worker from the page's side: registration, the "new version" prompt's state,
 * and the app icon badge.
 */

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

function watch(registration: ServiceWorkerRegistration) {
  const offer = (worker: ServiceWorker | null) => {
    // Only an update waits: the first worker of a page takes over on its own.
    if (worker && navigator.serviceWorker.controller) {
      waiting = worker;
      announce();
    }
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
}

/** Registers /sw.js in a production build (dev has no built worker). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watch)
      .catch(() => {
        // No worker (a private window that refuses it): the app works as a plain web page.
      });
  });
}

/** The waiting worker, if a new version is ready. */
export function useWaitingWorker(): ServiceWorker | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
}

/** Lets the waiting worker take over, then reloads once it controls the page. */
export function activateUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** The app icon badge: her unread conversations, where the platform supports it. */
export function useAppBadge(count: number): void {
  useEffect(() => {
    if (!('setAppBadge' in navigator)) return;
    const update = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
    update.catch(() => {
      // Not installed, or the platform declined: the badge is a nicety.
    });
  }, [count]);
}

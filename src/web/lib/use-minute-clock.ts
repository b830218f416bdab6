import { useSyncExternalStore } from 'react';

/*
 * One clock for every relative time on screen ('Active 5m ago', '3h left', 'Boosted · 12 min left'):
 * a single timer, started by the first screen that reads it and stopped with the last, ticking on each
 * minute boundary. A phone throttles timers in a background tab, so coming back to the tab ticks at once.
 */

const MINUTE_MS = 60_000;

let now = Date.now();
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function tick(): void {
  now = Date.now();
  listeners.forEach((listener) => listener());
}

function scheduleNext(): void {
  timer = setTimeout(
    () => {
      tick();
      scheduleNext();
    },
    MINUTE_MS - (Date.now() % MINUTE_MS),
  );
}

function onVisible(): void {
  if (document.visibilityState === 'visible') tick();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The clock may have slept while nobody read it.
    now = Date.now();
    scheduleNext();
    document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(timer);
      timer = undefined;
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

const read = () => now;

/** The time now, in ms, re-rendering the caller once a minute (all callers share one timer). */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, read, read);
}

import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/*
 * Waits for the thing itself, never for a fixed time (the steep/no-fixed-sleep lint rule keeps it so).
 * A screen is ready for a screenshot or a measurement when what moves on it has stopped moving: CSS
 * animations and transitions and motion's WAAPI animations show in document.getAnimations(); motion's
 * JS-driven springs (the swipe card, drags) only show as a box that changes from frame to frame.
 */

/**
 * The whole screen is at rest (see atRest) and the web fonts are in, so a screenshot shows it
 * settled: sheets opened, toasts slid in, cards sprung into place.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await atRest(page.locator('body'));
}

/**
 * `target` and everything in it stands still: the same boxes and opacities for `frames` animation
 * frames in a row (what JS-driven springs move), with every finite animation on the page finished.
 * Parts inside a looping animation (a pulse, a spinner) are left out, as they never stop.
 */
export async function atRest(target: Locator, options: { frames?: number; timeoutMs?: number } = {}): Promise<void> {
  const { frames = 3, timeoutMs = 10_000 } = options;
  await target.waitFor();
  await target.evaluate(
    (root, { frames, timeoutMs }) =>
      new Promise<void>((resolve, reject) => {
        const looping = document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity)
          .map((a) => (a.effect as KeyframeEffect | null)?.target)
          .filter((el): el is Element => el instanceof Element);
        const still = (el: Element) => !looping.some((l) => l.contains(el));
        const picture = () =>
          [root, ...root.querySelectorAll('*')]
            .filter(still)
            .map((el) => {
              const box = el.getBoundingClientRect();
              return `${box.x},${box.y},${box.width},${box.height},${getComputedStyle(el).opacity}`;
            })
            .join('|');
        const finiteDone = () =>
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
        const deadline = performance.now() + timeoutMs;
        let last = '';
        let same = 0;
        const frame = () => {
          const now = picture();
          same = now === last && finiteDone() ? same + 1 : 0;
          last = now;
          if (same >= frames) resolve();
          else if (performance.now() > deadline) reject(new Error(`still moving after ${timeoutMs} ms`));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    { frames, timeoutMs },
  );
}

/** The `type` of a frame from the server, or null for one that is not JSON. */
function frameType(payload: string | Buffer): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const type = (JSON.parse(payload) as { type?: unknown }).type;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}

/**
 * Watches the page's real-time socket from before it opens: call it before the page loads, then
 * `await live.connected()` before something happens that the page should hear of live, and
 * `live.received(type)` for how many frames of a type have arrived.
 */
export function watchRealtime(page: Page): { connected: () => Promise<void>; received: (type: string) => number } {
  let connected = false;
  const counts = new Map<string, number>();
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const type = frameType(payload);
      if (type === 'connected') connected = true;
      if (type) counts.set(type, (counts.get(type) ?? 0) + 1);
    });
    socket.on('close', () => {
      connected = false;
    });
  });
  return {
    connected: () =>
      expect.poll(() => connected, { timeout: 15_000, message: 'the real-time socket connected' }).toBe(true),
    received: (type) => counts.get(type) ?? 0,
  };
}

/** Runs `run` once the browser is idle: for what a screen will want soon but its first paint does not. */
// Safari has no requestIdleCallback: there, a moment after the first paint.
export const whenIdle = (run: () => void): void => {
  const idle = (window as Partial<Pick<Window, 'requestIdleCallback'>>).requestIdleCallback;
  if (idle) idle(run, { timeout: 5000 });
  else window.setTimeout(run, 2000);
};

/**
 * How long to wait, in words a person reads at a glance: 'Try again in 5 minutes'. Rounded up, so
 * she never tries a moment too early; without a known wait, 'Try again later'.
 */
export function tryAgainIn(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return 'Try again later';
  if (seconds < 60) {
    const s = Math.ceil(seconds);
    return `Try again in ${s} ${s === 1 ? 'second' : 'seconds'}`;
  }
  if (seconds < 3600) {
    const m = Math.ceil(seconds / 60);
    return `Try again in ${m} ${m === 1 ? 'minute' : 'minutes'}`;
  }
  const h = Math.ceil(seconds / 3600);
  return `Try again in ${h} ${h === 1 ? 'hour' : 'hours'}`;
}

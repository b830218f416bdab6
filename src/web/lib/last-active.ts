const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
const MONTH_MS = 30 * DAY_MS;
const YEAR_MS = 365 * DAY_MS;

const relativeWords = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Product §9 last-active text: 'Just now' under a minute, then 'Nm ago', 'Nh ago', 'Nd ago' under 7 days,
 * then relative words ('Last week', '3 weeks ago', 'Last month', '2 years ago'); missing → 'Recently active'.
 * A timestamp slightly in the future (clock skew between server and phone) reads 'Just now'.
 */
export function formatLastActive(lastActive: string | null | undefined, now: number = Date.now()): string {
  if (!lastActive) return 'Recently active';
  const at = Date.parse(lastActive);
  if (Number.isNaN(at)) return 'Recently active';
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  if (elapsed < MONTH_MS) return capitalise(relativeWords.format(-Math.floor(elapsed / WEEK_MS), 'week'));
  if (elapsed < YEAR_MS) return capitalise(relativeWords.format(-Math.floor(elapsed / MONTH_MS), 'month'));
  return capitalise(relativeWords.format(-Math.floor(elapsed / YEAR_MS), 'year'));
}

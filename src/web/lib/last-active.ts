import { t } from '@lingui/core/macro';
import { activeLocale } from './i18n';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
const MONTH_MS = 30 * DAY_MS;
const YEAR_MS = 365 * DAY_MS;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Milliseconds since `lastActive` (never negative), or null when it is missing or unreadable. */
function elapsedSince(lastActive: string | null | undefined, now: number): number | null {
  if (!lastActive) return null;
  const at = Date.parse(lastActive);
  return Number.isNaN(at) ? null : Math.max(0, now - at);
}

/** The time words from a minute on: '5m ago', '3h ago', '2d ago', then 'Last week', '3 weeks ago'… */
function agoText(elapsed: number): string {
  if (elapsed < HOUR_MS) {
    const minutes = Math.floor(elapsed / MINUTE_MS);
    return t`${minutes}m ago`;
  }
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return t`${hours}h ago`;
  }
  if (elapsed < WEEK_MS) {
    const days = Math.floor(elapsed / DAY_MS);
    return t`${days}d ago`;
  }
  const relativeWords = new Intl.RelativeTimeFormat(activeLocale(), { numeric: 'auto' });
  if (elapsed < MONTH_MS) return capitalise(relativeWords.format(-Math.floor(elapsed / WEEK_MS), 'week'));
  if (elapsed < YEAR_MS) return capitalise(relativeWords.format(-Math.floor(elapsed / MONTH_MS), 'month'));
  return capitalise(relativeWords.format(-Math.floor(elapsed / YEAR_MS), 'year'));
}

/**
 * Product §9 last-active text: 'Just now' under a minute, then 'Nm ago', 'Nh ago', 'Nd ago' under 7 days,
 * then relative words ('Last week', '3 weeks ago', 'Last month', '2 years ago'); missing → 'Recently active'.
 * A timestamp slightly in the future (clock skew between server and phone) reads 'Just now'.
 * In the active language (the relative words through Intl.RelativeTimeFormat).
 */
export function formatLastActive(lastActive: string | null | undefined, now: number = Date.now()): string {
  const elapsed = elapsedSince(lastActive, now);
  if (elapsed === null) return t`Recently active`;
  if (elapsed < MINUTE_MS) return t`Just now`;
  return agoText(elapsed);
}

/**
 * The same as a whole sentence about a person: 'Active 5m ago', 'Active just now', 'Active last week',
 * 'Recently active'. One message per sentence, not 'Active ' + formatLastActive(): other languages do not
 * build it that way.
 */
export function formatActiveAgo(lastActive: string | null | undefined, now: number = Date.now()): string {
  const elapsed = elapsedSince(lastActive, now);
  if (elapsed === null) return t`Recently active`;
  if (elapsed < MINUTE_MS) return t`Active just now`;
  const text = agoText(elapsed);
  const ago = text.charAt(0).toLowerCase() + text.slice(1);
  return t`Active ${ago}`;
}

import { t } from '@lingui/core/macro';
import { activeLocale } from '../../lib/i18n';
import { formatActiveAgo } from '../../lib/last-active';

/** Product §4/9: a match is new for 24 hours. */
const NEW_MATCH_WINDOW_MS = 24 * 60 * 60 * 1000;

/** New: made in the last 24 hours and no message yet (once they are talking, it is a conversation). */
export function isNewMatch(match: { createdAt: string; lastMessage?: unknown }, now: number): boolean {
  if (match.lastMessage) return false;
  const at = Date.parse(match.createdAt);
  return !Number.isNaN(at) && now - at < NEW_MATCH_WINDOW_MS;
}

/** Hour and minute of a message, in the app's language ('9:05 PM', '21:05'). */
export function formatMessageTime(iso: string, locale: string = activeLocale()): string {
  return new Date(iso).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

function startOfDay(time: number): number {
  const d = new Date(time);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

function daysBetween(iso: string, now: number): number {
  return Math.round((startOfDay(now) - startOfDay(Date.parse(iso))) / 86_400_000);
}

/** The chat list's time column: the time today, 'Yesterday', a weekday this week, else a short date. */
export function formatListTime(iso: string, now: number, locale: string = activeLocale()): string {
  const days = daysBetween(iso, now);
  if (days <= 0) return formatMessageTime(iso, locale);
  if (days === 1) return t`Yesterday`;
  if (days < 7) return new Date(iso).toLocaleDateString(locale, { weekday: 'short' });
  return new Date(iso).toLocaleDateString(locale, { month: 'short', day: 'numeric' });
}

/** The separator above the first message of each day in a conversation. */
export function formatDayLabel(iso: string, now: number, locale: string = activeLocale()): string {
  const days = daysBetween(iso, now);
  if (days <= 0) return t`Today`;
  if (days === 1) return t`Yesterday`;
  if (days < 7) return new Date(iso).toLocaleDateString(locale, { weekday: 'long' });
  const sameYear = new Date(iso).getFullYear() === new Date(now).getFullYear();
  return new Date(iso).toLocaleDateString(locale, {
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** True when `b` falls on another calendar day than `a`. */
export function isOtherDay(a: string, b: string): boolean {
  return startOfDay(Date.parse(a)) !== startOfDay(Date.parse(b));
}

/** The presence line under a name: 'Online now', 'Active 5m ago', 'Active last week', 'Recently active'. */
export function presenceText(user: { isOnline: boolean; lastActive: string | null }, now: number): string {
  if (user.isOnline) return t`Online now`;
  return formatActiveAgo(user.lastActive, now);
}

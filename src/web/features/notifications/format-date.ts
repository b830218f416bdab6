import { t } from '@lingui/core/macro';
import { activeLocale } from '../../lib/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** When someone liked me, in her language: 'Just now', '5m ago', '3h ago', '2d ago', then the date ('Mar 4'). */
export function formatNotificationDate(iso: string, now: number = Date.now(), locale: string = activeLocale()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return t`Just now`;
  if (elapsed < 7 * DAY) {
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'narrow' });
    if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
    if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
    return relative.format(-Math.floor(elapsed / DAY), 'day');
  }
  const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
  return new Date(at).toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

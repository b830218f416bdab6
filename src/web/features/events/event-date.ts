import { t } from '@lingui/core/macro';
import { activeLocale } from '../../lib/i18n';

/**
 * 'Today at 6:30 PM', 'Tomorrow at 6:30 PM', else 'Sat, Jun 14 at 11:00 AM' (the year too when it is not this year):
 * a weekday alone could be any week's (tryout). In the viewer's own time zone and the app's language.
 */
export function formatEventDate(iso: string, now = new Date(), locale: string = activeLocale()): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOfDay(date) - startOfDay(now)) / 86_400_000);
  // Spanish names days in lower case; the text starts a line, so its first letter is a capital ('Sáb, 20 jun').
  const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
  if (days === 0) return t`Today at ${time}`;
  if (days === 1) return t`Tomorrow at ${time}`;
  const day = capitalised(
    date.toLocaleDateString(locale, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    }),
  );
  return t`${day} at ${time}`;
}

/** The value a `datetime-local` input takes for a moment, in local time: '2026-11-22T18:30'. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

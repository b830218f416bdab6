import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/**
 * `tryAgainIn` (./wait-time.ts) in her language: 'Try again in 5 minutes.' / 'Vuelve a intentarlo en 5 minutos.'
 * Rounded up, so she never tries a moment too early; without a known wait, 'Try again later.'
 */
export function tryAgainInText(i18n: I18n, seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return i18n._(msg`Try again later.`);
  if (seconds < 60) {
    const count = Math.ceil(seconds);
    return i18n._(msg`Try again in ${plural(count, { one: '# second', other: '# seconds' })}.`);
  }
  if (seconds < 3600) {
    const count = Math.ceil(seconds / 60);
    return i18n._(msg`Try again in ${plural(count, { one: '# minute', other: '# minutes' })}.`);
  }
  const count = Math.ceil(seconds / 3600);
  return i18n._(msg`Try again in ${plural(count, { one: '# hour', other: '# hours' })}.`);
}

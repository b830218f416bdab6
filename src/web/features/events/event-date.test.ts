import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { formatEventDate, toLocalInputValue } from './event-date';

// English, the source: the macros' own text, no catalogue needed.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const NOW = new Date(2026, 5, 10, 9, 0); // Wed, Jun 10 2026, 9:00 local

describe('formatEventDate', () => {
  it('names today and tomorrow with the time', () => {
    expect(formatEventDate(new Date(2026, 5, 10, 18, 30).toISOString(), NOW)).toBe('Today at 6:30 PM');
    expect(formatEventDate(new Date(2026, 5, 11, 18, 30).toISOString(), NOW)).toBe('Tomorrow at 6:30 PM');
  });

  it('gives the date after tomorrow, even within the week', () => {
    expect(formatEventDate(new Date(2026, 5, 13, 11, 0).toISOString(), NOW)).toBe('Sat, Jun 13 at 11:00 AM');
    expect(formatEventDate(new Date(2026, 5, 20, 11, 0).toISOString(), NOW)).toBe('Sat, Jun 20 at 11:00 AM');
    expect(formatEventDate(new Date(2027, 0, 9, 11, 0).toISOString(), NOW)).toBe('Sat, Jan 9, 2027 at 11:00 AM');
  });

  it('formats the date and time in the given locale, with a capital first letter', () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    // Without a Spanish catalogue the words stay the source's; the date and time follow the locale.
    expect(formatEventDate(new Date(2026, 5, 20, 11, 0).toISOString(), NOW, 'es')).toBe('Sáb, 20 jun at 11:00');
    i18n.loadAndActivate({ locale: 'en', messages: {} });
  });

  it('writes datetime-local values in local time', () => {
    expect(toLocalInputValue(new Date(2026, 5, 10, 9, 5))).toBe('2026-06-10T09:05');
  });
});

import { describe, expect, it } from 'vitest';
import { formatEventDate, toLocalInputValue } from './event-date';

const NOW = new Date(2026, 5, 10, 9, 0); // Wed, Jun 10 2026, 9:00 local

describe('formatEventDate', () => {
  it('names today and tomorrow with the time', () => {
    expect(formatEventDate(new Date(2026, 5, 10, 18, 30).toISOString(), NOW)).toBe('Today at 6:30 PM');
    expect(formatEventDate(new Date(2026, 5, 11, 18, 30).toISOString(), NOW)).toBe('Tomorrow at 6:30 PM');
  });

  it('uses the weekday within a week, then the date', () => {
    expect(formatEventDate(new Date(2026, 5, 13, 11, 0).toISOString(), NOW)).toBe('Saturday at 11:00 AM');
    expect(formatEventDate(new Date(2026, 5, 20, 11, 0).toISOString(), NOW)).toBe('Sat, Jun 20 at 11:00 AM');
    expect(formatEventDate(new Date(2027, 0, 9, 11, 0).toISOString(), NOW)).toBe('Sat, Jan 9, 2027 at 11:00 AM');
  });

  it('writes datetime-local values in local time', () => {
    expect(toLocalInputValue(new Date(2026, 5, 10, 9, 5))).toBe('2026-06-10T09:05');
  });
});

import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatNotificationDate } from './format-date';

// English, the source language, with no catalogue loaded.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('formatNotificationDate', () => {
  const now = new Date('2025-06-15T12:00:00Z').getTime();
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('reads recent times relatively', () => {
    expect(formatNotificationDate(ago(20_000), now)).toBe('Just now');
    expect(formatNotificationDate(ago(5 * 60_000), now)).toBe('5m ago');
    expect(formatNotificationDate(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(formatNotificationDate(ago(2 * 86_400_000), now)).toBe('2d ago');
  });

  it('shows the date after a week, with the year only when it differs', () => {
    expect(formatNotificationDate('2025-03-04T12:00:00Z', now)).toBe('Mar 4');
    expect(formatNotificationDate('2024-12-30T12:00:00Z', now)).toBe('Dec 30, 2024');
  });

  it('speaks the locale it is given', () => {
    expect(formatNotificationDate(ago(5 * 60_000), now, 'es')).toBe('hace 5 min');
    expect(formatNotificationDate(ago(86_400_000), now, 'es')).toBe('ayer');
    expect(formatNotificationDate('2025-03-04T12:00:00Z', now, 'es')).toBe('4 mar');
  });

  it('treats a clock a little ahead as just now and rejects garbage', () => {
    expect(formatNotificationDate(new Date(now + 5_000).toISOString(), now)).toBe('Just now');
    expect(formatNotificationDate('not a date', now)).toBe('');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { formatActiveAgo, formatLastActive } from './last-active';

// The source language: the messages are their own English text.
beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

const NOW = Date.parse('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatLastActive (product §9)', () => {
  it('reads "Recently active" when the time is missing or unreadable', () => {
    expect(formatLastActive(null, NOW)).toBe('Recently active');
    expect(formatLastActive(undefined, NOW)).toBe('Recently active');
    expect(formatLastActive('', NOW)).toBe('Recently active');
    expect(formatLastActive('not a date', NOW)).toBe('Recently active');
  });

  it('reads "Just now" under one minute, and for a time slightly in the future', () => {
    expect(formatLastActive(ago(0), NOW)).toBe('Just now');
    expect(formatLastActive(ago(59_999), NOW)).toBe('Just now');
    expect(formatLastActive(ago(-30_000), NOW)).toBe('Just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatLastActive(ago(MIN), NOW)).toBe('1m ago');
    expect(formatLastActive(ago(59 * MIN + 59_000), NOW)).toBe('59m ago');
  });

  it('counts whole hours under a day', () => {
    expect(formatLastActive(ago(HOUR), NOW)).toBe('1h ago');
    expect(formatLastActive(ago(23 * HOUR + 59 * MIN), NOW)).toBe('23h ago');
  });

  it('counts whole days under a week', () => {
    expect(formatLastActive(ago(DAY), NOW)).toBe('1d ago');
    expect(formatLastActive(ago(6 * DAY + 23 * HOUR), NOW)).toBe('6d ago');
  });

  it('uses relative words from a week on', () => {
    expect(formatLastActive(ago(7 * DAY), NOW)).toBe('Last week');
    expect(formatLastActive(ago(20 * DAY), NOW)).toBe('2 weeks ago');
    expect(formatLastActive(ago(30 * DAY), NOW)).toBe('Last month');
    expect(formatLastActive(ago(100 * DAY), NOW)).toBe('3 months ago');
    expect(formatLastActive(ago(365 * DAY), NOW)).toBe('Last year');
    expect(formatLastActive(ago(3 * 365 * DAY), NOW)).toBe('3 years ago');
  });
});

describe('formatActiveAgo', () => {
  it('says the whole sentence about her', () => {
    expect(formatActiveAgo(null, NOW)).toBe('Recently active');
    expect(formatActiveAgo(ago(10_000), NOW)).toBe('Active just now');
    expect(formatActiveAgo(ago(5 * MIN), NOW)).toBe('Active 5m ago');
    expect(formatActiveAgo(ago(8 * DAY), NOW)).toBe('Active last week');
  });
});

describe('in Spanish', () => {
  it('uses Spanish relative words from a week on', () => {
    i18n.loadAndActivate({ locale: 'es', messages: {} });
    try {
      expect(formatLastActive(ago(7 * DAY), NOW)).toBe('La semana pasada');
      expect(formatLastActive(ago(100 * DAY), NOW)).toBe('Hace 3 meses');
    } finally {
      i18n.loadAndActivate({ locale: 'en', messages: {} });
    }
  });
});

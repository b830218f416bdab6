import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { formatDayLabel, formatListTime, formatMessageTime, isNewMatch, isOtherDay, presenceText } from './format';

// Calendar maths use the local zone: pin it so the test means the same everywhere.
beforeAll(() => {
  vi.stubEnv('TZ', 'UTC');
  // The source language: the messages are their own English text.
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const NOW = Date.parse('2025-06-15T15:30:00.000Z'); // a Sunday
const HOUR = 3_600_000;

describe('isNewMatch', () => {
  it('is true under 24 hours and false from then on', () => {
    expect(isNewMatch({ createdAt: new Date(NOW - 23 * HOUR).toISOString() }, NOW)).toBe(true);
    expect(isNewMatch({ createdAt: new Date(NOW - 24 * HOUR).toISOString(), lastMessage: null }, NOW)).toBe(false);
    expect(isNewMatch({ createdAt: 'garbage' }, NOW)).toBe(false);
  });

  it('is false once the conversation has started', () => {
    const lastMessage = { content: 'Hi!', senderId: 'a', createdAt: new Date(NOW - HOUR).toISOString() };
    expect(isNewMatch({ createdAt: new Date(NOW - 2 * HOUR).toISOString(), lastMessage }, NOW)).toBe(false);
  });
});

describe('formatMessageTime', () => {
  it('shows hour and minute', () => {
    expect(formatMessageTime('2025-06-15T09:05:00.000Z', 'en-US')).toBe('9:05 AM');
    expect(formatMessageTime('2025-06-15T21:05:00.000Z', 'en-GB')).toBe('21:05');
  });
});

describe('formatListTime', () => {
  it('uses the time today, then Yesterday, a weekday, and a short date', () => {
    expect(formatListTime('2025-06-15T08:00:00.000Z', NOW, 'en-US')).toBe('8:00 AM');
    expect(formatListTime('2025-06-14T23:59:00.000Z', NOW, 'en-US')).toBe('Yesterday');
    expect(formatListTime('2025-06-11T10:00:00.000Z', NOW, 'en-US')).toBe('Wed');
    expect(formatListTime('2025-05-02T10:00:00.000Z', NOW, 'en-US')).toBe('May 2');
  });
});

describe('formatDayLabel and isOtherDay', () => {
  it('labels days for the separators', () => {
    expect(formatDayLabel('2025-06-15T01:00:00.000Z', NOW, 'en-US')).toBe('Today');
    expect(formatDayLabel('2025-06-14T01:00:00.000Z', NOW, 'en-US')).toBe('Yesterday');
    expect(formatDayLabel('2025-06-10T01:00:00.000Z', NOW, 'en-US')).toBe('Tuesday');
    expect(formatDayLabel('2025-03-01T01:00:00.000Z', NOW, 'en-US')).toBe('March 1');
    expect(formatDayLabel('2024-03-01T01:00:00.000Z', NOW, 'en-US')).toBe('March 1, 2024');
  });

  it('tells calendar days apart', () => {
    expect(isOtherDay('2025-06-15T01:00:00.000Z', '2025-06-15T23:00:00.000Z')).toBe(false);
    expect(isOtherDay('2025-06-14T23:00:00.000Z', '2025-06-15T01:00:00.000Z')).toBe(true);
  });
});

describe('presenceText', () => {
  it('says online, or when she was last active', () => {
    expect(presenceText({ isOnline: true, lastActive: null }, NOW)).toBe('Online now');
    expect(presenceText({ isOnline: false, lastActive: null }, NOW)).toBe('Recently active');
    expect(presenceText({ isOnline: false, lastActive: new Date(NOW - 5 * 60_000).toISOString() }, NOW)).toBe(
      'Active 5m ago',
    );
    expect(presenceText({ isOnline: false, lastActive: new Date(NOW - 10_000).toISOString() }, NOW)).toBe(
      'Active just now',
    );
    expect(presenceText({ isOnline: false, lastActive: new Date(NOW - 8 * 24 * HOUR).toISOString() }, NOW)).toBe(
      'Active last week',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { dayStreak, utcDay } from './day-streak';

describe('dayStreak', () => {
  it('is 0 without activity', () => {
    expect(dayStreak([], '2025-03-10')).toBe(0);
  });

  it('counts consecutive days ending today', () => {
    expect(dayStreak(['2025-03-10', '2025-03-09', '2025-03-08', '2025-03-06'], '2025-03-10')).toBe(3);
  });

  it('keeps a streak that reached yesterday alive while today is still open', () => {
    expect(dayStreak(['2025-03-09', '2025-03-08'], '2025-03-10')).toBe(2);
  });

  it('is broken by a missed day', () => {
    expect(dayStreak(['2025-03-08', '2025-03-07'], '2025-03-10')).toBe(0);
  });

  it('crosses month and year boundaries', () => {
    expect(dayStreak(['2025-01-01', '2024-12-31', '2024-12-30'], '2025-01-01')).toBe(3);
    expect(dayStreak(['2024-03-01', '2024-02-29', '2024-02-28'], '2024-03-01')).toBe(3);
  });
});

describe('utcDay', () => {
  it('uses the UTC calendar day', () => {
    expect(utcDay(new Date('2025-03-10T23:59:59-05:00'))).toBe('2025-03-11');
  });
});

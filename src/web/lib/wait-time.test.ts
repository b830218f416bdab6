import { describe, expect, it } from 'vitest';
import { tryAgainIn } from './wait-time';

describe('tryAgainIn', () => {
  it('rounds the wait up to seconds, minutes or hours', () => {
    expect(tryAgainIn(1)).toBe('Try again in 1 second');
    expect(tryAgainIn(42)).toBe('Try again in 42 seconds');
    expect(tryAgainIn(60)).toBe('Try again in 1 minute');
    expect(tryAgainIn(241)).toBe('Try again in 5 minutes');
    expect(tryAgainIn(900)).toBe('Try again in 15 minutes');
    expect(tryAgainIn(3601)).toBe('Try again in 2 hours');
  });

  it('says later when the wait is unknown', () => {
    expect(tryAgainIn(undefined)).toBe('Try again later');
    expect(tryAgainIn(0)).toBe('Try again later');
  });
});

import { describe, expect, it } from 'vitest';
import { firstGuessOfStart } from './first-guess';

const at = (hours: number, minutes = 0) => new Date(2026, 11, 2, hours, minutes);

describe('firstGuessOfStart', () => {
  it('is the first whole hour at least an hour away', () => {
    expect(firstGuessOfStart(at(14, 20))).toEqual(at(16));
    expect(firstGuessOfStart(at(18))).toEqual(at(19));
    expect(firstGuessOfStart(at(20, 59))).toEqual(at(22));
  });

  it('moves a guess in the small hours to 7 PM that day', () => {
    expect(firstGuessOfStart(at(1))).toEqual(at(19));
    expect(firstGuessOfStart(at(7, 30))).toEqual(at(19));
    // Late at night: tomorrow evening, not midnight.
    expect(firstGuessOfStart(at(22, 15))).toEqual(new Date(2026, 11, 3, 19));
  });

  it('keeps a morning guess from 10 AM', () => {
    expect(firstGuessOfStart(at(9))).toEqual(at(10));
  });

  it('is always ahead', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 7) {
      const now = at(0, minutes);
      expect(firstGuessOfStart(now).getTime()).toBeGreaterThanOrEqual(now.getTime() + 3_600_000);
    }
  });
});

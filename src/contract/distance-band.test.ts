import { describe, expect, it } from 'vitest';
import { distanceBand, distanceMiles, locationCoordinates } from './locations';

describe('distanceBand', () => {
  it('says "In your city" for the same city whatever the distance', () => {
    expect(distanceBand(0, true)).toBe('In your city');
  });

  it.each([
    [0, '~5 mi'],
    [2.4, '~5 mi'],
    [7.6, '~10 mi'],
    [12.4, '~10 mi'],
    [23, '~25 mi'],
    [26, '~30 mi'],
    [44, '~40 mi'],
    [96, '~100 mi'],
    [140, '~150 mi'],
    [2400, '~2400 mi'],
  ])('rounds %s miles to %s', (miles, band) => {
    expect(distanceBand(miles, false)).toBe(band);
  });

  it('never shows a precise distance between two real cities', () => {
    const portland = locationCoordinates('Portland, Oregon');
    const vancouver = locationCoordinates('Vancouver, Washington');
    if (!portland || !vancouver) throw new Error('catalogue changed');
    expect(distanceBand(distanceMiles(portland, vancouver), false)).toBe('~10 mi'); // 8.0 mi
  });
});

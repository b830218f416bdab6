import { describe, expect, it } from 'vitest';
import { describeFilters, distanceToSlider, milesText, sliderToDistance } from './filter-values';

describe('distance slider mapping', () => {
  it('maps the first stop to 1 mile and every other stop to itself', () => {
    expect(sliderToDistance(0)).toBe(1);
    expect(sliderToDistance(5)).toBe(5);
    expect(sliderToDistance(100)).toBe(100);
  });

  it('places saved distances back on the track', () => {
    expect(distanceToSlider(1)).toBe(0);
    expect(distanceToSlider(50)).toBe(50);
    expect(distanceToSlider(37)).toBe(37);
  });

  it('round-trips every stop', () => {
    for (let stop = 0; stop <= 100; stop += 5) expect(distanceToSlider(sliderToDistance(stop))).toBe(stop);
  });
});

describe('describeFilters', () => {
  it('describes the defaults', () => {
    expect(
      describeFilters({ minAge: 18, maxAge: 65, maxDistance: 50, teaPreferences: [], lifestylePreferences: [] }),
    ).toEqual(['Ages 18 to 65', 'Within 50 miles of your city', 'Any tea preference', 'Any lifestyle']);
  });

  it('lists chosen chips with "or"', () => {
    const lines = describeFilters({
      minAge: 25,
      maxAge: 40,
      maxDistance: 1,
      teaPreferences: ['Matcha', 'Chai', 'Oolong'],
      lifestylePreferences: ['Book Lover'],
    });
    expect(lines).toEqual([
      'Ages 25 to 40',
      'Within 1 mile of your city',
      'Enjoys Matcha, Chai or Oolong',
      'Lifestyle: Book Lover',
    ]);
    expect(milesText(2)).toBe('2 miles');
  });
});

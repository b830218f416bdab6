import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import {
  DISTANCE_SLIDER,
  DISTANCE_STOPS,
  describeFilters,
  distanceToSlider,
  milesText,
  sliderToDistance,
} from './filter-values';

describe('distance slider mapping', () => {
  it('runs in miles from 1, as its label says', () => {
    expect(DISTANCE_SLIDER.min).toBe(1);
    expect(DISTANCE_SLIDER.max).toBe(100);
    expect(distanceToSlider(1)).toBe(1);
    expect(distanceToSlider(50)).toBe(50);
    expect(distanceToSlider(0)).toBe(1);
  });

  it('snaps a drag to the nearest stop: 1, 5, 10, … 100', () => {
    expect(sliderToDistance(37, 50)).toBe(35);
    expect(sliderToDistance(2, 50)).toBe(1);
    expect(sliderToDistance(99, 50)).toBe(100);
  });

  it('moves a key press on to the next stop in its direction', () => {
    expect(sliderToDistance(2, 1)).toBe(5);
    expect(sliderToDistance(6, 5)).toBe(10);
    expect(sliderToDistance(4, 5)).toBe(1);
    expect(sliderToDistance(49, 50)).toBe(45);
    expect(sliderToDistance(100, 100)).toBe(100);
  });

  it('lands on every stop and only on stops', () => {
    expect(DISTANCE_STOPS).toEqual([1, ...Array.from({ length: 20 }, (_, i) => (i + 1) * 5)]);
    let miles = 1;
    const visited = [miles];
    while (miles < 100) visited.push((miles = sliderToDistance(miles + 1, miles)));
    expect(visited).toEqual(DISTANCE_STOPS);
  });
});

describe('describeFilters', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

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

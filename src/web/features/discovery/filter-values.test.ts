import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { describeFilters, milesText } from './filter-values';

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

import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatHeight, formatMonthYear, lifestyleEntries } from './profile-format';

// The labels render in the active locale: English, the source, with no catalogue loaded.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('formatHeight', () => {
  it('in imperial: feet and inches, then the centimetres', () => {
    expect(formatHeight(168, 'imperial')).toBe('5′6″ (168 cm)');
    expect(formatHeight(183, 'imperial')).toBe('6′0″ (183 cm)');
    expect(formatHeight(120, 'imperial')).toBe('3′11″ (120 cm)');
  });

  it('in metric: centimetres alone', () => {
    expect(formatHeight(168, 'metric')).toBe('168 cm');
  });

  it('writes the centimetres in her language', () => {
    expect(formatHeight(168, 'metric', 'es')).toBe('168 cm');
    expect(formatHeight(168, 'imperial', 'es')).toBe('5′6″ (168 cm)');
  });
});

describe('formatMonthYear', () => {
  it('names the month in her language', () => {
    expect(formatMonthYear('2025-03-15T12:00:00Z', 'en')).toBe('March 2025');
    expect(formatMonthYear('2025-03-15T12:00:00Z', 'es')).toBe('marzo de 2025');
  });
});

describe('lifestyleEntries', () => {
  it('labels known answers in catalogue order and skips unknown keys', () => {
    expect(lifestyleEntries({ pets: 'love', smoking: 'none', mood: 'x' })).toEqual([
      ['Smoking', 'None'],
      ['Pets', 'Love'],
    ]);
  });
});

import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatHeight, formatMonthYear, lifestyleEntries } from './profile-format';

// The labels render in the active locale: English, the source, with no catalogue loaded.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('formatHeight', () => {
  it('shows centimetres with feet and inches', () => {
    expect(formatHeight(168)).toBe('168 cm (5′6″)');
    expect(formatHeight(183)).toBe('183 cm (6′0″)');
    expect(formatHeight(120)).toBe('120 cm (3′11″)');
  });

  it('writes the centimetres in her language', () => {
    expect(formatHeight(168, 'es')).toBe('168 cm (5′6″)');
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

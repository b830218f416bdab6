import { describe, it, expect } from 'vitest';
import {
  INTEREST_CATEGORIES,
  INTEREST_NAMES,
  LIFESTYLE_FILTER_OPTIONS,
  PREFERENCE_LIFESTYLE_OPTIONS,
  TEA_PREFERENCES,
} from './interests';
import { REPORT_REASONS, REPORT_REASON_VALUES } from './safety';

describe('interest catalogue', () => {
  it('has the nine spec categories in order', () => {
    expect(INTEREST_CATEGORIES.map((c) => c.name)).toEqual([
      'Fitness & Health',
      'Nightlife & Social',
      'Creative Arts',
      'Outdoor Adventures',
      'Food & Culinary',
      'Technology & Gaming',
      'Learning & Culture',
      'Sports & Competition',
      'Lifestyle & Wellness',
    ]);
  });

  it.each(INTEREST_CATEGORIES.map((c) => [c.name, c] as const))('%s has 10-12 interests', (_name, category) => {
    expect(category.interests.length).toBeGreaterThanOrEqual(10);
    expect(category.interests.length).toBeLessThanOrEqual(12);
  });

  it('never lists an interest twice, in any category or spelling case', () => {
    const all = INTEREST_CATEGORIES.flatMap((c) => c.interests);
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all.map((i) => i.toLowerCase())).size).toBe(all.length);
    expect(INTEREST_NAMES.size).toBe(all.length);
  });

  it('has clean names', () => {
    for (const name of INTEREST_NAMES) expect(name).toMatch(/^\S(.*\S)?$/);
  });

  it('INTEREST_NAMES answers membership exactly', () => {
    expect(INTEREST_NAMES.has('Hiking')).toBe(true);
    expect(INTEREST_NAMES.has('hiking')).toBe(false);
    expect(INTEREST_NAMES.has('Fitness & Health')).toBe(false);
  });
});

describe('option lists', () => {
  it('has the 12 tea preferences from the spec', () => {
    expect(TEA_PREFERENCES).toEqual([
      'Green Tea',
      'Black Tea',
      'Oolong',
      'White Tea',
      'Herbal Tea',
      'Chai',
      'Matcha',
      'Earl Grey',
      'Jasmine',
      'Rooibos',
      'Chamomile',
      'Peppermint',
    ]);
  });

  it('has 12 filter lifestyle options and 14 preference lifestyle options, unique', () => {
    expect(LIFESTYLE_FILTER_OPTIONS).toHaveLength(12);
    expect(new Set(LIFESTYLE_FILTER_OPTIONS).size).toBe(12);
    expect(PREFERENCE_LIFESTYLE_OPTIONS).toHaveLength(14);
    expect(new Set(PREFERENCE_LIFESTYLE_OPTIONS).size).toBe(14);
  });

  it('has 8 report reasons with snake_case values, inappropriate_behavior first', () => {
    expect(REPORT_REASONS).toHaveLength(8);
    expect(REPORT_REASONS[0]).toEqual({ value: 'inappropriate_behavior', label: 'Inappropriate behavior' });
    expect(REPORT_REASONS.map((r) => r.label)).toEqual([
      'Inappropriate behavior',
      'Harassment or bullying',
      'Fake profile',
      'Spam or scam',
      'Inappropriate photos',
      'Underage user',
      'Violence or threats',
      'Other',
    ]);
    for (const r of REPORT_REASONS) expect(r.value).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(REPORT_REASON_VALUES).size).toBe(8);
  });
});

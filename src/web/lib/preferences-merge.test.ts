import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type Preferences } from '../../contract/preferences';
import { mergeEdits } from './preferences-merge';

const start: Preferences = { ...structuredClone(DEFAULT_PREFERENCES), revision: 3, ageRange: [22, 40] };

describe('mergeEdits (a save retried after another device saved)', () => {
  it('puts only what she changed on the fresh copy, at the fresh revision', () => {
    const mine = { ...structuredClone(start), maxDistance: 10 };
    const theirs: Preferences = { ...structuredClone(start), revision: 4, ageRange: [30, 40] };
    theirs.app.language = 'es';
    const merged = mergeEdits(start, mine, theirs);
    expect(merged).toMatchObject({ revision: 4, ageRange: [30, 40], maxDistance: 10 });
    expect(merged.app.language).toBe('es');
  });

  it('a setting changed on both devices takes hers', () => {
    const mine = structuredClone(start);
    mine.app.theme = 'dark';
    mine.interests = ['Yoga'];
    const theirs: Preferences = { ...structuredClone(start), revision: 5, interests: ['Hiking', 'Coffee'] };
    theirs.app.theme = 'light';
    theirs.notifications.likes = false;
    const merged = mergeEdits(start, mine, theirs);
    expect(merged.app.theme).toBe('dark');
    expect(merged.interests).toEqual(['Yoga']);
    expect(merged.notifications.likes).toBe(false);
  });

  it('keeps a minimum age from one device and a maximum from the other, unless they cross', () => {
    const mine = { ...structuredClone(start), ageRange: [22, 50] as [number, number] };
    const theirs = { ...structuredClone(start), revision: 4, ageRange: [30, 40] as [number, number] };
    expect(mergeEdits(start, mine, theirs).ageRange).toEqual([30, 50]);
    const lower = { ...structuredClone(start), ageRange: [22, 25] as [number, number] };
    expect(mergeEdits(start, lower, theirs).ageRange).toEqual([22, 25]);
  });

  it('without the copy she started from, sends all of hers at the fresh revision', () => {
    const mine = { ...structuredClone(start), maxDistance: 10 };
    const theirs = { ...structuredClone(start), revision: 9, interests: ['Yoga'] };
    expect(mergeEdits(undefined, mine, theirs)).toEqual({ ...mine, revision: 9 });
  });
});

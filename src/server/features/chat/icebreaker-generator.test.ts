import { describe, expect, it } from 'vitest';
import { ICEBREAKERS_MAX, ICEBREAKERS_MIN } from '../../../contract/chat';
import { bioSnippets, generateIcebreakers, type StarterProfile } from './icebreaker-generator';

const ana: StarterProfile = {
  name: 'Ana Ruiz',
  bio: 'Pottery on Sundays.',
  location: 'Portland, Oregon',
  interests: ['Yoga', 'Pottery', 'Running'],
  teaInterests: ['Matcha', 'Chai'],
};
const bea: StarterProfile = {
  name: 'Bea Lin',
  bio: 'Amateur astronomer who bakes terrible bread. Looking for someone to split a pot of oolong with!',
  location: 'Portland, Oregon',
  interests: ['Yoga', 'Pottery', 'Karaoke'],
  teaInterests: ['Chai', 'Oolong'],
};
const cleo: StarterProfile = {
  name: 'Cleo',
  bio: '',
  location: 'Austin, Texas',
  interests: [],
  teaInterests: [],
};

describe('generateIcebreakers', () => {
  it('builds 3–5 distinct starters from shared interests, tea, her bio and location', () => {
    const starters = generateIcebreakers(ana, bea, 'seed-1');
    expect(starters.length).toBeGreaterThanOrEqual(ICEBREAKERS_MIN);
    expect(starters.length).toBeLessThanOrEqual(ICEBREAKERS_MAX);
    expect(new Set(starters.map((s) => s.message)).size).toBe(starters.length);
    const byCategory = new Map(starters.map((s) => [s.category, s.message]));
    expect(byCategory.get('shared_interest')).toMatch(/Yoga|Pottery/);
    expect(byCategory.get('tea')).toMatch(/Chai/);
    expect(byCategory.get('bio')).toMatch(/astronomer|oolong/);
    expect(byCategory.get('location')).toMatch(/Portland/);
  });

  it('takes one starter per category when there are enough categories (no two quotes of one bio)', () => {
    for (let i = 0; i < 50; i++) {
      const starters = generateIcebreakers(ana, bea, `seed-${i}`);
      const categories = starters.map((s) => s.category);
      expect(new Set(categories).size).toBe(categories.length);
    }
  });

  it('is reproducible for one seed and different for another seed or another pair', () => {
    const once = generateIcebreakers(ana, bea, 'seed-1');
    expect(generateIcebreakers(ana, bea, 'seed-1')).toEqual(once);
    expect(generateIcebreakers(ana, bea, 'seed-2')).not.toEqual(once);
    const otherPair = generateIcebreakers(
      ana,
      { ...cleo, interests: ['Karaoke'], bio: 'Taco truck expert and karaoke menace.' },
      'seed-1',
    );
    expect(otherPair.map((s) => s.message)).not.toEqual(once.map((s) => s.message));
  });

  it('speaks of her city when the cities differ, and still gives at least 3 for an empty profile', () => {
    const starters = generateIcebreakers(ana, cleo, 'x');
    expect(starters.length).toBeGreaterThanOrEqual(ICEBREAKERS_MIN);
    expect(starters.find((s) => s.category === 'location')?.message).toMatch(/Austin/);
    expect(starters.some((s) => s.category === 'shared_interest' || s.category === 'bio')).toBe(false);
  });

  it('prefers starters not offered recently', () => {
    const first = generateIcebreakers(ana, bea, 'a');
    const next = generateIcebreakers(ana, bea, 'b', new Set(first.map((s) => s.message)));
    const repeated = next.filter((s) => first.some((f) => f.message === s.message));
    expect(repeated).toEqual([]);
  });
});

describe('bioSnippets', () => {
  it('splits into sentences, drops tiny ones and shortens long ones at a word', () => {
    const snippets = bioSnippets(
      `Hi! ${'A very long sentence about tea and hiking and books '.repeat(3)}. Short one here ok.`,
    );
    expect(snippets.every((s) => s.length <= 71)).toBe(true);
    expect(snippets[0]?.endsWith('…')).toBe(true);
    expect(snippets).toContain('Short one here ok');
  });
});

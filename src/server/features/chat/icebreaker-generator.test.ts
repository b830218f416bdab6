import { describe, expect, it } from 'vitest';
import { ICEBREAKERS_MAX, ICEBREAKERS_MIN } from '../../../contract/chat';
import { icebreakerTemplatesOf } from '../../i18n';
import { bioSnippets, generateIcebreakers, type StarterProfile } from './icebreaker-generator';

const en = icebreakerTemplatesOf('en');
const es = icebreakerTemplatesOf('es');

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
    const starters = generateIcebreakers(ana, bea, 'seed-1', 'en');
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
      const starters = generateIcebreakers(ana, bea, `seed-${i}`, 'en');
      const categories = starters.map((s) => s.category);
      expect(new Set(categories).size).toBe(categories.length);
    }
  });

  it('is reproducible for one seed and different for another seed or another pair', () => {
    const once = generateIcebreakers(ana, bea, 'seed-1', 'en');
    expect(generateIcebreakers(ana, bea, 'seed-1', 'en')).toEqual(once);
    expect(generateIcebreakers(ana, bea, 'seed-2', 'en')).not.toEqual(once);
    const otherPair = generateIcebreakers(
      ana,
      { ...cleo, interests: ['Karaoke'], bio: 'Taco truck expert and karaoke menace.' },
      'seed-1',
      'en',
    );
    expect(otherPair.map((s) => s.message)).not.toEqual(once.map((s) => s.message));
  });

  it('speaks of her city when the cities differ, and still gives at least 3 for an empty profile', () => {
    const starters = generateIcebreakers(ana, cleo, 'x', 'en');
    expect(starters.length).toBeGreaterThanOrEqual(ICEBREAKERS_MIN);
    expect(starters.find((s) => s.category === 'location')?.message).toMatch(/Austin/);
    expect(starters.some((s) => s.category === 'shared_interest' || s.category === 'bio')).toBe(false);
  });

  it('prefers starters not offered recently', () => {
    const first = generateIcebreakers(ana, bea, 'a', 'en');
    const next = generateIcebreakers(ana, bea, 'b', 'en', new Set(first.map((s) => s.message)));
    const repeated = next.filter((s) => first.some((f) => f.message === s.message));
    expect(repeated).toEqual([]);
  });
});

describe('generateIcebreakers in Spanish', () => {
  // Interests and teas whose Spanish names differ from the stored English ones.
  const dani: StarterProfile = {
    name: 'Dani Soto',
    bio: '',
    location: 'Austin, Texas',
    interests: ['Hiking', 'Pottery', 'Running'],
    teaInterests: ['Green Tea'],
  };
  const eli: StarterProfile = {
    name: 'Eli Mar',
    bio: 'Hago cerámica los domingos y colecciono plantas.',
    location: 'Austin, Texas',
    interests: ['Hiking', 'Pottery', 'Stargazing', 'Board Games'],
    teaInterests: ['Chamomile'],
  };
  const ENGLISH_NAMES = /Hiking|Pottery|Running|Stargazing|Board Games|Green Tea|Chamomile/;
  // Words that would give the other person a gender (docs/i18n-glossary.md).
  const GENDERED = /\b(nuev[ao]s?|junt[ao]s|expert[ao]s?|list[ao]s?|emocionad[ao]s?|bienvenid[ao]s?|las dos)\b/i;

  it('writes every starter in Spanish, with the Spanish names of her interests and teas', () => {
    const all = new Set<string>();
    for (let i = 0; i < 60; i++) {
      for (const s of generateIcebreakers(dani, eli, `seed-${i}`, 'es')) all.add(s.message);
      for (const s of generateIcebreakers(dani, { ...eli, teaInterests: [] }, `seed-${i}`, 'es')) all.add(s.message);
    }
    const text = [...all].join('\n');
    expect(text).toMatch(/Senderismo|Cerámica/);
    expect(text).toMatch(/Mirar las estrellas|Juegos de mesa/);
    expect(text).toMatch(/Manzanilla/);
    expect(text).toMatch(/Té verde/);
    expect(text).not.toMatch(ENGLISH_NAMES);
    expect([...all].filter((m) => GENDERED.test(m))).toEqual([]);
    expect(text).not.toMatch(/\b(What|you|your|the)\b/);
  });

  it('picks the same ideas for one seed in either language', () => {
    for (let i = 0; i < 20; i++) {
      const categories = (language: 'en' | 'es') =>
        generateIcebreakers(dani, eli, `seed-${i}`, language).map((s) => s.category);
      expect(categories('es')).toEqual(categories('en'));
    }
  });

  it('has as many templates per category as English (so a seed means the same in both)', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) expect(es[key], key).toHaveLength(en[key].length);
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

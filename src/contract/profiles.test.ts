import { describe, expect, it } from 'vitest';
import {
  completenessHints,
  profileCompleteness,
  statusTimeLeft,
  updateProfileBody,
  type CompletenessInput,
} from './profiles';

const empty: CompletenessInput = { photos: [], bio: '', location: '', interests: [], prompts: [] };
const full: CompletenessInput = {
  photos: ['/media/a.webp', '/media/b.webp'],
  bio: 'Twenty-one characters',
  location: 'Portland, Oregon',
  interests: ['Yoga', 'Coffee', 'Hiking', 'Reading', 'Tarot'],
  prompts: [{ promptId: 'sunday', answer: 'Slow pour-overs and a long walk.' }],
};

describe('profileCompleteness (product §5: photos 25, bio 20, location 15, interests 25, a prompt 15, of 100)', () => {
  it('is 0 for an empty profile and 100 for a complete one', () => {
    expect(profileCompleteness(empty)).toBe(0);
    expect(profileCompleteness(full)).toBe(100);
  });

  it.each([
    ['two photos', { photos: ['a', 'b'] }, 25],
    ['a bio over 20 characters', { bio: 'x'.repeat(21) }, 20],
    ['a location', { location: 'Austin, Texas' }, 15],
    ['five interests', { interests: ['a', 'b', 'c', 'd', 'e'] }, 25],
    ['a prompt answered', { prompts: [{}] }, 15],
  ])('gives the points for %s alone', (_case, part, percent) => {
    expect(profileCompleteness({ ...empty, ...part })).toBe(percent);
  });

  it('holds back points just below each threshold', () => {
    expect(profileCompleteness({ ...full, photos: ['one'] })).toBe(75);
    expect(profileCompleteness({ ...full, bio: 'x'.repeat(20) })).toBe(80);
    expect(profileCompleteness({ ...full, bio: `   ${'x'.repeat(19)}   ` })).toBe(80); // whitespace does not count
    expect(profileCompleteness({ ...full, location: '' })).toBe(85);
    expect(profileCompleteness({ ...full, interests: ['a', 'b', 'c', 'd'] })).toBe(75);
    expect(profileCompleteness({ ...full, prompts: [] })).toBe(85);
  });

  it('names what is missing, in order', () => {
    expect(completenessHints(empty)).toEqual([
      'Add at least 2 photos',
      'Write a bio longer than 20 characters',
      'Add your location',
      'Choose at least 5 interests',
      'Answer a profile prompt',
    ]);
    expect(completenessHints(full)).toEqual([]);
  });
});

describe('statusTimeLeft', () => {
  const now = Date.parse('2025-05-01T12:00:00Z');
  it("reads 'Nh left', rounded up, while the status lives", () => {
    expect(statusTimeLeft(new Date(now + 24 * 3_600_000), now)).toBe('24h left');
    expect(statusTimeLeft(new Date(now + 90 * 60_000), now)).toBe('2h left');
    expect(statusTimeLeft(new Date(now + 60_000).toISOString(), now)).toBe('1h left');
  });
  it('never reads more than 24h, even with a device clock behind the server', () => {
    expect(statusTimeLeft(new Date(now + 24 * 3_600_000 + 5 * 60_000), now)).toBe('24h left');
  });
  it("reads 'Expired' once it is over", () => {
    expect(statusTimeLeft(new Date(now), now)).toBe('Expired');
    expect(statusTimeLeft(new Date(now - 1), now)).toBe('Expired');
  });
});

describe('updateProfileBody', () => {
  it('drops fields that are not editable', () => {
    const parsed = updateProfileBody.parse({ bio: 'hi', ghostMode: true, role: 'moderator', phoneNumber: '555' });
    expect(parsed).toEqual({ bio: 'hi' });
  });
  it("turns '' into null for optional details", () => {
    expect(updateProfileBody.parse({ job: '', relationshipGoals: '', pronouns: ' she/her ' })).toEqual({
      job: null,
      relationshipGoals: null,
      pronouns: 'she/her',
    });
  });
});

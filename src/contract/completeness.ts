/** Profile completeness (spec: completeness meter), zod-free so screens can show it before zod loads. */

export interface CompletenessInput {
  photos: readonly string[];
  bio: string;
  location: string;
  interests: readonly string[];
  prompts: readonly unknown[];
}

export const COMPLETENESS_CRITERIA: ReadonlyArray<{
  key: 'photos' | 'bio' | 'location' | 'interests' | 'prompts';
  points: number;
  /** What to do to earn the points, for hints on the profile screen. */
  hint: string;
  met: (user: CompletenessInput) => boolean;
}> = [
  { key: 'photos', points: 25, hint: 'Add at least 2 photos', met: (u) => u.photos.length >= 2 },
  { key: 'bio', points: 20, hint: 'Write a bio longer than 20 characters', met: (u) => u.bio.trim().length > 20 },
  { key: 'location', points: 15, hint: 'Add your location', met: (u) => u.location.trim() !== '' },
  { key: 'interests', points: 25, hint: 'Choose at least 5 interests', met: (u) => u.interests.length >= 5 },
  { key: 'prompts', points: 15, hint: 'Answer a profile prompt', met: (u) => u.prompts.length >= 1 },
];

export const COMPLETENESS_TOTAL = COMPLETENESS_CRITERIA.reduce((sum, c) => sum + c.points, 0);

/** Percent of the completeness points (COMPLETENESS_TOTAL, 100) earned, rounded. */
export function profileCompleteness(user: CompletenessInput): number {
  const earned = COMPLETENESS_CRITERIA.reduce((sum, c) => sum + (c.met(user) ? c.points : 0), 0);
  return Math.round((earned / COMPLETENESS_TOTAL) * 100);
}

/** Hints for the criteria not yet met, in order. */
export function completenessHints(user: CompletenessInput): string[] {
  return COMPLETENESS_CRITERIA.filter((c) => !c.met(user)).map((c) => c.hint);
}

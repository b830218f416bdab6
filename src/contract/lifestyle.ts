// No zod here: the profile screens on the first paint read these lists.

/** Lifestyle answers use the same words as the preference editor's tolerances (product §9), so they can be matched later. */
export const LIFESTYLE_FIELDS = {
  smoking: { label: 'Smoking', options: ['none', 'occasionally', 'socially', 'regularly'] },
  drinking: { label: 'Drinking', options: ['none', 'occasionally', 'socially', 'regularly'] },
  fitness: { label: 'Fitness', options: ['low', 'moderate', 'high', 'athlete'] },
  pets: { label: 'Pets', options: ['love', 'like', 'neutral', 'allergic'] },
  children: { label: 'Children', options: ['want', 'open', "don't want", 'have'] },
} as const;
export type LifestyleKey = keyof typeof LIFESTYLE_FIELDS;
export const LIFESTYLE_KEYS = Object.keys(LIFESTYLE_FIELDS) as LifestyleKey[];

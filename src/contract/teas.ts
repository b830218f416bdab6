import { z } from 'zod';

/*
 * The tea catalogue and its reviews (product §2 "Tea": the tea tab). Unlike the stories, reviews are not
 * anonymous: a review shows its reviewer's first name and first photo.
 */

export const REVIEW_TEXT_MAX = 1000;

const CAFFEINE_LEVELS = ['none', 'low', 'medium', 'high'] as const;

export const teaVariety = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  caffeine: z.enum(CAFFEINE_LEVELS),
  brewTempC: z.number().int(),
  brewTempF: z.number().int(),
  /** Steeping time in minutes, as a range. */
  brewMinutes: z.tuple([z.number(), z.number()]),
});
export type TeaVariety = z.infer<typeof teaVariety>;

/** The product's 12 teas (Option lists: Tea preferences), with what a member needs to brew them. */
export const TEA_VARIETIES: readonly TeaVariety[] = [
  {
    id: 'green-tea',
    name: 'Green Tea',
    description: 'Fresh, grassy and light; unoxidised leaves steamed or pan-fired.',
    caffeine: 'medium',
    brewTempC: 80,
    brewTempF: 175,
    brewMinutes: [2, 3],
  },
  {
    id: 'black-tea',
    name: 'Black Tea',
    description: 'Fully oxidised, malty and bold; takes milk well.',
    caffeine: 'high',
    brewTempC: 95,
    brewTempF: 205,
    brewMinutes: [3, 5],
  },
  {
    id: 'oolong',
    name: 'Oolong',
    description: 'Partly oxidised, from floral and buttery to roasted and toasty.',
    caffeine: 'medium',
    brewTempC: 90,
    brewTempF: 195,
    brewMinutes: [3, 5],
  },
  {
    id: 'white-tea',
    name: 'White Tea',
    description: 'Young buds, barely processed: delicate, sweet and hay-like.',
    caffeine: 'low',
    brewTempC: 80,
    brewTempF: 175,
    brewMinutes: [4, 5],
  },
  {
    id: 'herbal-tea',
    name: 'Herbal Tea',
    description: 'Infusions of flowers, fruit and herbs rather than the tea plant.',
    caffeine: 'none',
    brewTempC: 100,
    brewTempF: 212,
    brewMinutes: [5, 7],
  },
  {
    id: 'chai',
    name: 'Chai',
    description: 'Black tea simmered with cardamom, ginger, cinnamon and milk.',
    caffeine: 'high',
    brewTempC: 100,
    brewTempF: 212,
    brewMinutes: [5, 10],
  },
  {
    id: 'matcha',
    name: 'Matcha',
    description: 'Stone-ground shade-grown green tea, whisked into a frothy bowl.',
    caffeine: 'high',
    brewTempC: 75,
    brewTempF: 170,
    brewMinutes: [0.5, 1],
  },
  {
    id: 'earl-grey',
    name: 'Earl Grey',
    description: 'Black tea scented with bergamot: citrusy and bright.',
    caffeine: 'high',
    brewTempC: 95,
    brewTempF: 205,
    brewMinutes: [3, 4],
  },
  {
    id: 'jasmine',
    name: 'Jasmine',
    description: 'Green tea layered with jasmine blossoms for a sweet perfume.',
    caffeine: 'medium',
    brewTempC: 80,
    brewTempF: 175,
    brewMinutes: [2, 3],
  },
  {
    id: 'rooibos',
    name: 'Rooibos',
    description: 'South African red bush: naturally sweet, nutty and caffeine-free.',
    caffeine: 'none',
    brewTempC: 100,
    brewTempF: 212,
    brewMinutes: [5, 6],
  },
  {
    id: 'chamomile',
    name: 'Chamomile',
    description: 'Apple-scented daisy flowers; a calm cup before bed.',
    caffeine: 'none',
    brewTempC: 100,
    brewTempF: 212,
    brewMinutes: [5, 7],
  },
  {
    id: 'peppermint',
    name: 'Peppermint',
    description: 'Cooling, sharp mint leaves; good after a meal.',
    caffeine: 'none',
    brewTempC: 100,
    brewTempF: 212,
    brewMinutes: [5, 7],
  },
];
const TEA_VARIETY_IDS = TEA_VARIETIES.map((t) => t.id) as [string, ...string[]];

export const teaVarietyList = z.array(teaVariety);

export const reviewsQuery = z.object({ teaId: z.enum(TEA_VARIETY_IDS, 'Unknown tea').optional() });

export const createReviewBody = z.object({
  teaId: z.enum(TEA_VARIETY_IDS, 'Unknown tea'),
  rating: z
    .number('Rating must be 1 to 5')
    .int('Rating must be 1 to 5')
    .min(1, 'Rating must be 1 to 5')
    .max(5, 'Rating must be 1 to 5'),
  text: z.string().trim().max(REVIEW_TEXT_MAX, `Your review must be at most ${REVIEW_TEXT_MAX} characters`).default(''),
});
export type CreateReviewBody = z.input<typeof createReviewBody>;

/** Reviews are not anonymous: the reviewer's first name and first photo are shown (the form says so). */
export const teaReview = z.object({
  id: z.string(),
  teaId: z.string(),
  rating: z.number().int(),
  text: z.string(),
  reviewer: z.object({ firstName: z.string(), photo: z.string().nullable() }),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  isMine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeaReview = z.infer<typeof teaReview>;

export const teaReviewList = z.array(teaReview);

export const reviewLikeResult = z.object({ liked: z.boolean(), likeCount: z.number().int() });

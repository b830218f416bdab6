import { z } from 'zod';
import { DISCOVERY_MODES, DISCOVERY_SCOPES, LOOKING_FOR } from './decks';
import { safeText } from './text';
import {
  AGE_MAX,
  AGE_MIN,
  DEFAULT_AGE_RANGE,
  DEFAULT_MAX_DISTANCE,
  DISTANCE_MAX,
  DISTANCE_MIN,
} from './preference-limits';
import { publicBadge } from './badges';
import { publicProfile } from './profiles';
import {
  INTEREST_CATEGORIES,
  INTEREST_NAMES,
  LIFESTYLE_FILTER_OPTIONS,
  TEA_PREFERENCES,
  type LifestyleFilterOption,
} from './interests';

/**
 * Discovery: the card feed (GET /api/users/discovery/:userId), the per-user filters
 * (GET/PUT /api/users/:userId/filters), ghost mode (POST /api/users/:id/ghost-mode) and the
 * swipe budget both the feed and POST /api/likes report.
 */

// ---------------------------------------------------------------- swipe budget

export const FREE_DAILY_LIKES = 10;
export const FREE_WEEKLY_SUPER_LIKES = 1;
export const PREMIUM_WEEKLY_SUPER_LIKES = 5;

/**
 * What the signed-in user may still do. Likes are counted per UTC day; super likes in a rolling
 * 7-day window and from their own budget (a super like does not use a daily like). Passes are free.
 */
export const swipeLimits = z.object({
  /** null = unlimited (premium). */
  likesRemaining: z.number().int().nonnegative().nullable(),
  /** null = unlimited (premium). */
  dailyLikeLimit: z.number().int().positive().nullable(),
  /** When today's likes come back (next UTC midnight); null when likes are unlimited. */
  likesResetAt: z.string().nullable(),
  superLikesRemaining: z.number().int().nonnegative(),
  weeklySuperLikeLimit: z.number().int().positive(),
  /** When the next super like frees up (oldest one in the window + 7 days); null when none is used. */
  superLikesResetAt: z.string().nullable(),
});
export type SwipeLimits = z.infer<typeof swipeLimits>;

// ---------------------------------------------------------------- Friends mode

export { LOOKING_FOR, modesOf, type DiscoveryMode, type DiscoveryScope, type LookingFor } from './decks';
export const discoveryMode = z.enum(DISCOVERY_MODES, 'Mode must be dating or friends');

export const lookingForState = z.object({ lookingFor: z.enum(LOOKING_FOR) });
export const lookingForBody = z.object({
  lookingFor: z.enum(LOOKING_FOR, 'Looking for must be dating, friends or both'),
});

export const FRIENDS_INTERESTS_MAX = 10;

/**
 * The Friends deck's own filters: age range, distance and interests (a candidate shares at least one
 * when she chose any). No deal breakers, tea or lifestyle chips: those are for dating.
 */
export const friendsFilters = z.object({
  minAge: z.number().int(),
  maxAge: z.number().int(),
  /** Miles from the centre of her city. */
  maxDistance: z.number().int(),
  interests: z.array(z.string()),
});
export type FriendsFilters = z.infer<typeof friendsFilters>;

// ---------------------------------------------------------------- filters

// The limits and a new account's defaults live in preference-limits.ts (one source for every editor).
export const FILTER_AGE_MIN = AGE_MIN;
export const FILTER_AGE_MAX = AGE_MAX;
export const FILTER_DISTANCE_MIN = DISTANCE_MIN;
export const FILTER_DISTANCE_MAX = DISTANCE_MAX;

/** Used while a user has saved no filters, for her own feed and for the mutual age check. */
export const DEFAULT_DISCOVERY_FILTERS: Readonly<DiscoveryFilters> = Object.freeze({
  minAge: DEFAULT_AGE_RANGE[0],
  maxAge: DEFAULT_AGE_RANGE[1],
  maxDistance: DEFAULT_MAX_DISTANCE,
  teaPreferences: [],
  lifestylePreferences: [],
});

export const discoveryFilters = z.object({
  minAge: z.number().int(),
  maxAge: z.number().int(),
  /** Miles from the centre of her city. */
  maxDistance: z.number().int(),
  teaPreferences: z.array(z.enum(TEA_PREFERENCES)),
  lifestylePreferences: z.array(z.enum(LIFESTYLE_FILTER_OPTIONS)),
});
export type DiscoveryFilters = z.infer<typeof discoveryFilters>;

const ageField = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(FILTER_AGE_MIN, `${label} must be at least ${FILTER_AGE_MIN}`)
    .max(FILTER_AGE_MAX, `${label} must be at most ${FILTER_AGE_MAX}`);

/** A filter's distance in whole miles: the filters, the Friends filters and the preference editor's. */
export const distanceField = () =>
  z
    .number('Distance must be a number')
    .int('Distance must be a whole number of miles')
    .min(FILTER_DISTANCE_MIN, `Distance must be at least ${FILTER_DISTANCE_MIN} mile`)
    .max(FILTER_DISTANCE_MAX, `Distance must be at most ${FILTER_DISTANCE_MAX} miles`);

/** PUT /api/users/:userId/filters replaces all filters; omitted chip lists mean "none". */
export const updateFiltersBody = z
  .object({
    minAge: ageField('Minimum age'),
    maxAge: ageField('Maximum age'),
    maxDistance: distanceField(),
    teaPreferences: z
      .array(z.enum(TEA_PREFERENCES, 'Unknown tea'))
      .max(TEA_PREFERENCES.length)
      .default([])
      .transform((list) => [...new Set(list)]),
    lifestylePreferences: z
      .array(z.enum(LIFESTYLE_FILTER_OPTIONS, 'Unknown lifestyle option'))
      .max(LIFESTYLE_FILTER_OPTIONS.length)
      .default([])
      .transform((list) => [...new Set(list)]),
  })
  .refine((f) => f.minAge <= f.maxAge, {
    path: ['maxAge'],
    message: 'Maximum age must be at least the minimum age',
  });
export type UpdateFiltersBody = z.input<typeof updateFiltersBody>;

/** Until she saves Friends filters: 18–75 (everyone the filters can hold), 25 miles, any interests. */
export const DEFAULT_FRIENDS_FILTERS: Readonly<FriendsFilters> = Object.freeze({
  minAge: FILTER_AGE_MIN,
  maxAge: FILTER_AGE_MAX,
  maxDistance: 25,
  interests: [],
});

/** PUT /api/users/:userId/friends-filters replaces the Friends deck's filters; omitted interests mean "any". */
export const updateFriendsFiltersBody = z
  .object({
    minAge: ageField('Minimum age'),
    maxAge: ageField('Maximum age'),
    maxDistance: distanceField(),
    interests: z
      .array(z.string().refine((name) => INTEREST_NAMES.has(name), 'Unknown interest'))
      .max(FRIENDS_INTERESTS_MAX, `Choose at most ${FRIENDS_INTERESTS_MAX} interests`)
      .default([])
      .transform((list) => [...new Set(list)]),
  })
  .refine((f) => f.minAge <= f.maxAge, {
    path: ['maxAge'],
    message: 'Maximum age must be at least the minimum age',
  });
export type UpdateFriendsFiltersBody = z.input<typeof updateFriendsFiltersBody>;

/**
 * How a lifestyle chip matches a person. Profiles carry interests, not lifestyle labels, so each chip
 * stands for a set of catalogue interests: she matches the chip when she has at least one of them.
 * 'Professional Career' has no interest of its own and matches anyone who lists a job. With several
 * chips, any one of them is enough (as with tea chips: her tea interests overlap the chosen teas).
 */
export const LIFESTYLE_FILTER_INTERESTS: Readonly<Record<LifestyleFilterOption, readonly string[]>> = {
  'Active Lifestyle': [...categoryInterests('Fitness & Health'), ...categoryInterests('Sports & Competition')],
  'Mindful Living': ['Meditation', 'Mindfulness', 'Journaling', 'Yoga', 'Self-Care', 'Tea Tasting'],
  'Outdoor Adventures': categoryInterests('Outdoor Adventures'),
  'Artistic Pursuits': [...categoryInterests('Creative Arts'), 'Art Galleries', 'Theater'],
  'Professional Career': [],
  'Family Oriented': ['Cooking', 'Baking', 'Board Games', 'Gardening', 'Dog Walks', 'Volunteering'],
  'Travel Enthusiast': ['Travel', 'Road Trips', 'Backpacking', 'Languages', 'Camping'],
  'Health Conscious': [
    'Yoga',
    'Pilates',
    'Running',
    'Swimming',
    'Vegan Cooking',
    'Farmers Markets',
    'Meditation',
    'Self-Care',
  ],
  'Environmental Advocate': [
    'Sustainable Living',
    'Gardening',
    'Thrifting',
    'Farmers Markets',
    'Vegan Cooking',
    'Volunteering',
  ],
  'Pet Lover': ['Dog Walks'],
  Foodie: categoryInterests('Food & Culinary'),
  'Book Lover': ['Reading', 'Book Clubs', 'Writing', 'Poetry'],
};

/** Chips that also match on a listed job, beyond their interests. */
export const LIFESTYLE_FILTERS_MATCHING_JOB: readonly LifestyleFilterOption[] = ['Professional Career'];

function categoryInterests(name: string): string[] {
  const category = INTEREST_CATEGORIES.find((c) => c.name === name);
  if (!category) throw new Error(`unknown interest category ${name}`);
  return [...category.interests];
}

// ---------------------------------------------------------------- feed

const DISCOVERY_PAGE_SIZE = 20;
const DISCOVERY_MAX_PAGE_SIZE = 50;

export const discoveryQuery = z.object({
  /**
   * nearby (the default): within her distance filter; all: anywhere, no distance limit ('All Areas');
   * state: within her distance and in her state; city: in her city.
   */
  scope: z.enum(DISCOVERY_SCOPES, 'Scope must be nearby, all, state or city').default('nearby'),
  /** Which deck: 'dating' (the default) or 'friends' (only when she looks for friends). */
  mode: discoveryMode.default('dating'),
  /** `nextCursor` of the previous page; omit for the first page. */
  cursor: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(DISCOVERY_MAX_PAGE_SIZE).default(DISCOVERY_PAGE_SIZE),
});

/** A badge as shown on a card: one she has earned. */
const cardBadge = publicBadge;

/**
 * One profile card: public fields only (an allowlist). Never coordinates, contact details, the
 * ghost flag or subscription state; distance is a coarse band between city centres.
 */
export const discoveryCard = publicProfile
  .pick({
    id: true,
    name: true,
    age: true,
    bio: true,
    location: true,
    pronouns: true,
    photos: true,
    interests: true,
    teaInterests: true,
    job: true,
    prompts: true,
    isVerified: true,
    isOnline: true,
    lastActive: true,
  })
  .extend({
    badges: z.array(cardBadge),
    /** 'In your city', '~5 mi', '~15 mi', '~40 mi', '~75 mi', …; absent when she hides her distance. */
    distance: z.string().optional(),
    /** She is visiting `location` in Travel mode (her home city is not shown). */
    visiting: z.literal(true).optional(),
  });
export type DiscoveryCard = z.infer<typeof discoveryCard>;

export const discoveryPage = z.object({
  users: z.array(discoveryCard),
  /** Opaque; pass back as `cursor` for the next page. null = no more profiles. */
  nextCursor: z.string().nullable(),
  limits: swipeLimits,
});
export type DiscoveryPage = z.infer<typeof discoveryPage>;

// ---------------------------------------------------------------- Travel mode (Premium)

/** How long one trip may last, from the moment she sets it. */
export const TRAVEL_MAX_DAYS = 14;

export const travelBody = z.object({
  location: z.string('Choose a city').trim().min(1, 'Choose a city').max(80),
  /** When her home city comes back: later than now, at most TRAVEL_MAX_DAYS ahead. */
  until: z.iso.datetime({ offset: true, error: 'Choose when your trip ends' }),
});
export type TravelBody = z.infer<typeof travelBody>;

const travelPlan = z.object({
  /** The city she is visiting: where discovery treats her as being. */
  location: z.string(),
  /** Her own city, back when the trip ends. */
  homeLocation: z.string(),
  until: z.string(),
});
export type TravelPlan = z.infer<typeof travelPlan>;

export const travelState = z.object({ plan: travelPlan.nullable() });
export type TravelState = z.infer<typeof travelState>;

// ---------------------------------------------------------------- ghost mode

export const ghostModeBody = z.object({ ghostMode: z.boolean('ghostMode must be true or false') });

export const ghostModeResponse = z.object({ ghostMode: z.boolean(), message: z.string() });
export type GhostModeResponse = z.infer<typeof ghostModeResponse>;

// ---------------------------------------------------------------------------------------------
// People she has met (GET /api/discovery/people-met): the Safety Center's Report and Block pickers
// ---------------------------------------------------------------------------------------------

/** Seen recently = she swiped on them within this long. */
export const SEEN_RECENTLY_DAYS = 14;

/**
 * Someone she can pick without knowing a username. Only a first name and photo to recognise them
 * by, and the member id the report and block endpoints take: never a username or an email.
 */
export const personMet = z.object({
  id: z.string(),
  firstName: z.string(),
  photo: z.string().nullable(),
  how: z.enum(['chatted', 'matched', 'seen_recently']),
});
export type PersonMet = z.infer<typeof personMet>;

export const peopleMet = z.object({ people: z.array(personMet) });
export type PeopleMet = z.infer<typeof peopleMet>;

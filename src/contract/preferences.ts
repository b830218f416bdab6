import { z } from 'zod';
import { distanceField } from './discovery';
import { AGE_MAX, AGE_MIN, DEFAULT_AGE_RANGE, DEFAULT_MAX_DISTANCE } from './preference-limits';
import { PREFERENCE_LIFESTYLE_OPTIONS } from './interests';
import { LIFESTYLE_FIELDS } from './profiles';

/*
 * Preferences (product §2, 3, 9): the dating preferences the editor and the filters screen share,
 * deal breakers, privacy, notification and app settings and preference stats.
 * One source of truth: ageRange/maxDistance ARE the discovery filters' minAge/maxAge/maxDistance.
 */

// ---------------------------------------------------------------- option lists

/**
 * The age range every editor offers (the filters screen, /preferences and the dashboard): the discovery filters'
 * limits, since ageRange is the same stored value and an editor with a narrower slider would clamp what another
 * one saved (a 70 saved on /filters came back as 65 after a save on the dashboard).
 */
const EDITOR_AGE_MIN = AGE_MIN;
const EDITOR_AGE_MAX = AGE_MAX;

/** The preference editor's interest catalogue (product §3: 7 categories of about 5 to 7 items). */
export const PREFERENCE_INTEREST_CATEGORIES = [
  { name: 'Social', interests: ['Tea Parties', 'Book Clubs', 'Game Nights', 'Brunch', 'Karaoke', 'Volunteering'] },
  { name: 'Creative', interests: ['Painting', 'Photography', 'Writing', 'Music', 'Pottery', 'Crafting'] },
  { name: 'Active', interests: ['Yoga', 'Hiking', 'Running', 'Cycling', 'Dancing', 'Climbing', 'Swimming'] },
  { name: 'Intellectual', interests: ['Reading', 'Podcasts', 'Museums', 'Languages', 'Philosophy'] },
  { name: 'Culinary', interests: ['Cooking', 'Baking', 'Wine Tasting', 'Coffee', 'Farmers Markets'] },
  { name: 'Tech & Games', interests: ['Video Games', 'Board Games', 'Coding', 'Sci-Fi', 'Anime'] },
  { name: 'Nature', interests: ['Gardening', 'Camping', 'Birdwatching', 'Beach Days', 'Stargazing'] },
] as const;

/** Everything `interests` may hold: the editor catalogue and the /preferences lifestyle chips (product §9). */
const PREFERENCE_INTEREST_OPTIONS: readonly string[] = [
  ...PREFERENCE_INTEREST_CATEGORIES.flatMap((c) => c.interests),
  ...PREFERENCE_LIFESTYLE_OPTIONS,
];

export const SMOKING_TOLERANCE = LIFESTYLE_FIELDS.smoking.options;
export const DRINKING_TOLERANCE = LIFESTYLE_FIELDS.drinking.options;
export const FITNESS_LEVELS = LIFESTYLE_FIELDS.fitness.options;
export const PET_PREFERENCES = LIFESTYLE_FIELDS.pets.options;

/**
 * The ten deal breakers. `rule` says what a filter checks against the other member's profile; a deal
 * breaker with `filter: false` cannot be checked from data (nobody's profile says "dishonest"): it is a
 * preference she shows on her profile, never a filter. Filters apply both ways: a member who has a
 * deal breaker never sees people it rules out, and they never see her.
 */
export const DEAL_BREAKERS = [
  { name: 'Smoking', filter: true, rule: 'Their profile says they smoke (occasionally, socially or regularly)' },
  { name: 'Heavy drinking', filter: true, rule: 'Their profile says they drink regularly' },
  { name: 'No pets allowed', filter: true, rule: 'Their profile says they are allergic to pets' },
  { name: 'Long distance', filter: true, rule: 'She lives more than 50 miles away' },
  { name: 'Wants children', filter: true, rule: 'Their profile says they want children' },
  { name: "Doesn't want children", filter: true, rule: "Their profile says they don't want children" },
  { name: 'Only casual', filter: true, rule: "Her relationship goal is 'Something casual'" },
  { name: 'Unverified profile', filter: true, rule: 'Their profile is not verified' },
  { name: 'Dishonesty', filter: false, rule: 'Shown on your profile as a preference; not checkable from data' },
  { name: 'Poor communication', filter: false, rule: 'Shown on your profile as a preference; not checkable from data' },
] as const;
export type DealBreaker = (typeof DEAL_BREAKERS)[number]['name'];
const DEAL_BREAKER_NAMES = DEAL_BREAKERS.map((d) => d.name) as [DealBreaker, ...DealBreaker[]];
/** How far 'Long distance' reaches. */
export const LONG_DISTANCE_MILES = 50;

const PROFILE_VISIBILITY = ['public', 'matches', 'hidden'] as const;
const MESSAGES_FROM = ['everyone', 'matches', 'verified'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const UNITS = ['imperial', 'metric'] as const;
export type Theme = (typeof THEMES)[number];
export type Units = (typeof UNITS)[number];

// ---------------------------------------------------------------- the preferences object

const flag = (label: string) => z.boolean(`${label} must be true or false`);
const choice = <T extends readonly [string, ...string[]]>(label: string, options: T) =>
  z.enum(options, `${label} must be one of: ${options.join(', ')}`);

const editorAge = z
  .number('Age must be a number')
  .int('Age must be a whole number')
  .min(EDITOR_AGE_MIN, `Age must be at least ${EDITOR_AGE_MIN}`)
  .max(EDITOR_AGE_MAX, `Age must be at most ${EDITOR_AGE_MAX}`);

const lifestyleShape = {
  smokingTolerance: choice('Smoking tolerance', SMOKING_TOLERANCE),
  drinkingTolerance: choice('Drinking tolerance', DRINKING_TOLERANCE),
  fitnessLevel: choice('Fitness level', FITNESS_LEVELS),
  petPreference: choice('Pet preference', PET_PREFERENCES),
};

const visibilityShape = {
  showAge: flag('showAge'),
  showDistance: flag('showDistance'),
  showLastActive: flag('showLastActive'),
  ghostMode: flag('ghostMode'),
};

const premiumShape = {
  boostProfile: flag('boostProfile'),
  priorityLikes: flag('priorityLikes'),
  seeWhoLikedYou: flag('seeWhoLikedYou'),
};

const notificationsShape = {
  pushNotifications: flag('pushNotifications'),
  emailNotifications: flag('emailNotifications'),
  newMatches: flag('newMatches'),
  newMessages: flag('newMessages'),
  likes: flag('likes'),
  events: flag('events'),
  promotional: flag('promotional'),
};

/** "HH:MM", 24-hour. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time like 22:00');
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The notification settings added with the email and push channels. Optional on
 * PUT so a client that does not know them keeps what is stored; always present on GET.
 */
export const quietHours = z
  .object({
    start: clockTime,
    end: clockTime,
    timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone'),
  })
  .refine((q) => q.start !== q.end, { path: ['end'], message: 'Quiet hours must end at another time than they start' });
export type QuietHours = z.infer<typeof quietHours>;
const channelSettingsShape = {
  /** Moderation notices (a warning, a decision on her report): on unless she turns them off. */
  moderationNotices: flag('moderationNotices'),
  /** Show the message text in push notifications; off by default ("New message from Alex"). */
  messagePreviews: flag('messagePreviews'),
  /** No push while it is between start and end in her time zone; null: none. */
  quietHours: quietHours.nullable(),
};

const privacyShape = {
  profileVisibility: choice('Profile visibility', PROFILE_VISIBILITY),
  showOnlineStatus: flag('showOnlineStatus'),
  showDistance: flag('showDistance'),
  showAge: flag('showAge'),
  allowMessagesFrom: choice('Allow messages from', MESSAGES_FROM),
};

const appShape = {
  theme: choice('Theme', THEMES),
  language: choice('Language', LANGUAGES),
  units: choice('Units', UNITS),
};

/** Her preferences' write counter (0 until her first save): what a save says it edited from. */
const revision = z
  .number('revision must be a number')
  .int('revision must be a whole number')
  .min(0)
  .max(2 ** 31 - 1);

/** What GET answers. */
export const preferences = z.object({
  /** Goes up with every save of her preferences on any device; a PUT sends back the one it edited from. */
  revision: z.number().int(),
  ageRange: z.tuple([z.number().int(), z.number().int()]),
  /** Miles. */
  maxDistance: z.number().int(),
  interests: z.array(z.string()),
  lifestyle: z.object(lifestyleShape),
  dealBreakers: z.array(z.enum(DEAL_BREAKER_NAMES)),
  visibility: z.object(visibilityShape),
  premium: z.object(premiumShape),
  notifications: z.object({ ...notificationsShape, ...channelSettingsShape }),
  privacy: z.object(privacyShape),
  app: z.object({
    ...appShape,
    /** She has finished or skipped the onboarding tour (on any device): it does not open again by itself. */
    tourSeen: z.boolean(),
  }),
});
export type Preferences = z.infer<typeof preferences>;
export type NotificationSettings = Preferences['notifications'];
export type PrivacySettings = Preferences['privacy'];

/**
 * PUT replaces the whole object. Unknown fields are stripped (zod's default). visibility.showAge /
 * showDistance and privacy.showAge / showDistance are the same stored setting: when the two disagree
 * the request is refused rather than guessing which one she meant.
 */
export const updatePreferencesBody = z
  .object({
    /**
     * The revision she edited from (GET's): a save from an older copy is refused with 409 PREFERENCES_CHANGED
     * instead of silently undoing another device's save. Left out, the save replaces unconditionally (a client
     * that predates it); Steep's own editors always send it.
     */
    revision: revision.optional(),
    ageRange: z.tuple([editorAge, editorAge], 'ageRange must be [minimum, maximum]'),
    maxDistance: distanceField(),
    interests: z
      .array(
        z.string().refine((i) => PREFERENCE_INTEREST_OPTIONS.includes(i), 'Unknown interest'),
        'Interests must be a list',
      )
      .max(PREFERENCE_INTEREST_OPTIONS.length)
      .transform((list) => [...new Set(list)]),
    lifestyle: z.object(lifestyleShape, 'lifestyle must be an object'),
    dealBreakers: z
      .array(z.enum(DEAL_BREAKER_NAMES, 'Unknown deal breaker'), 'Deal breakers must be a list')
      .max(DEAL_BREAKERS.length)
      .transform((list) => [...new Set(list)]),
    visibility: z.object(visibilityShape, 'visibility must be an object'),
    premium: z.object(premiumShape, 'premium must be an object'),
    notifications: z.object(
      {
        ...notificationsShape,
        moderationNotices: channelSettingsShape.moderationNotices.optional(),
        messagePreviews: channelSettingsShape.messagePreviews.optional(),
        quietHours: channelSettingsShape.quietHours.optional(),
      },
      'notifications must be an object',
    ),
    privacy: z.object(privacyShape, 'privacy must be an object'),
    // tourSeen is optional: a client that does not send it (or predates it) keeps the stored value.
    app: z.object(
      { ...appShape, tourSeen: z.boolean('tourSeen must be true or false').optional() },
      'app must be an object',
    ),
  })
  .refine((p) => p.ageRange[0] <= p.ageRange[1], {
    path: ['ageRange'],
    message: 'Maximum age must be at least the minimum age',
  })
  .refine((p) => p.visibility.showAge === p.privacy.showAge && p.visibility.showDistance === p.privacy.showDistance, {
    path: ['visibility'],
    message: 'visibility and privacy must agree on showAge and showDistance',
  });
export type UpdatePreferencesBody = z.input<typeof updatePreferencesBody>;

/** The 409 code of a save from a stale copy: the client fetches her preferences again and re-applies her edits. */
export const PREFERENCES_CHANGED = 'PREFERENCES_CHANGED';

export const tourSeenResponse = z.object({ tourSeen: z.literal(true) });

/** Product §9: the editor's defaults, with the app settings' defaults; a new account's age range and distance. */
export const DEFAULT_PREFERENCES: Preferences = {
  revision: 0,
  // What a new account's discovery uses until she saves (the one set of defaults: "Use the default filters" too).
  ageRange: [DEFAULT_AGE_RANGE[0], DEFAULT_AGE_RANGE[1]],
  maxDistance: DEFAULT_MAX_DISTANCE,
  interests: [],
  lifestyle: {
    smokingTolerance: 'none',
    drinkingTolerance: 'socially',
    fitnessLevel: 'moderate',
    petPreference: 'like',
  },
  dealBreakers: [],
  visibility: { showAge: true, showDistance: true, showLastActive: true, ghostMode: false },
  premium: { boostProfile: false, priorityLikes: false, seeWhoLikedYou: false },
  notifications: {
    pushNotifications: true,
    emailNotifications: true,
    newMatches: true,
    newMessages: true,
    likes: true,
    events: false,
    promotional: false,
    moderationNotices: true,
    messagePreviews: false,
    quietHours: null,
  },
  privacy: {
    profileVisibility: 'public',
    showOnlineStatus: true,
    showDistance: true,
    showAge: true,
    allowMessagesFrom: 'matches',
  },
  // A new member's screens follow her device's light or dark setting until she picks one.
  app: { theme: 'system', language: 'en', units: 'imperial', tourSeen: false },
};

// ---------------------------------------------------------------- editor completeness (product §9)

/**
 * The match-score ring: interests 6 each (25 when more than 3), 20 with any deal breaker, 20 + 15
 * fixed (age range and distance are always set), 20 when lifestyle is set; capped at 100.
 */
export function preferenceCompleteness(p: Pick<Preferences, 'interests' | 'dealBreakers' | 'lifestyle'>): number {
  const interests = p.interests.length > 3 ? 25 : p.interests.length * 6;
  const dealBreakers = p.dealBreakers.length > 0 ? 20 : 0;
  const lifestyle = Object.values(p.lifestyle).some(Boolean) ? 20 : 0;
  return Math.min(100, interests + dealBreakers + 20 + 15 + lifestyle);
}

/** Product §9 tips, by what would widen her matches; the web app words each one in her language. */
export type PreferenceTip = 'moreInterests' | 'widerDistance' | 'widerAgeRange';

/** The tips that apply: fewer than 5 interests, distance under 15, an age span under 8. */
export function preferenceTips(p: Pick<Preferences, 'interests' | 'maxDistance' | 'ageRange'>): PreferenceTip[] {
  const tips: PreferenceTip[] = [];
  if (p.interests.length < 5) tips.push('moreInterests');
  if (p.maxDistance < 15) tips.push('widerDistance');
  if (p.ageRange[1] - p.ageRange[0] < 8) tips.push('widerAgeRange');
  return tips;
}

// ---------------------------------------------------------------- preference stats

export const preferenceStats = z.object({
  totalMatches: z.number().int(),
  weeklyMatches: z.number().int(),
  profileViews: z.number().int(),
  /** Percent of her matches with at least one message from each side. */
  matchQuality: z.number().int(),
  /** Top interests among members within her distance, by count. */
  popularInterests: z.array(z.object({ interest: z.string(), count: z.number().int() })),
});
export type PreferenceStats = z.infer<typeof preferenceStats>;

/**
 * Fixed option catalogues shared by server validation and the web app (spec: "Interest catalogue"
 * and "Option lists").
 */

interface InterestCategory {
  readonly name: string;
  readonly interests: readonly string[];
}

/** Nine categories of 10-12 interests; every interest belongs to exactly one category. */
export const INTEREST_CATEGORIES = [
  {
    name: 'Fitness & Health',
    interests: [
      'Yoga',
      'Pilates',
      'Running',
      'Weightlifting',
      'CrossFit',
      'Spin Class',
      'Boxing',
      'Dance Fitness',
      'Swimming',
      'Barre',
      'Calisthenics',
      'Martial Arts',
    ],
  },
  {
    name: 'Nightlife & Social',
    interests: [
      'Live Music',
      'Karaoke',
      'Dancing',
      'Cocktail Bars',
      'Wine Bars',
      'Drag Shows',
      'Trivia Nights',
      'Comedy Clubs',
      'Happy Hour',
      'Speakeasies',
      'Brunch',
      'Pride Events',
    ],
  },
  {
    name: 'Creative Arts',
    interests: [
      'Painting',
      'Drawing',
      'Photography',
      'Pottery',
      'Writing',
      'Poetry',
      'Knitting',
      'Embroidery',
      'Playing Music',
      'Singing',
      'Graphic Design',
      'Film Making',
    ],
  },
  {
    name: 'Outdoor Adventures',
    interests: [
      'Hiking',
      'Camping',
      'Rock Climbing',
      'Kayaking',
      'Surfing',
      'Skiing',
      'Snowboarding',
      'Backpacking',
      'Cycling',
      'Road Trips',
      'Stargazing',
      'Fishing',
    ],
  },
  {
    name: 'Food & Culinary',
    interests: [
      'Cooking',
      'Baking',
      'Wine Tasting',
      'Craft Beer',
      'Coffee',
      'Vegan Cooking',
      'Farmers Markets',
      'Food Trucks',
      'Fine Dining',
      'Sushi',
      'Mixology',
      'Tea Tasting',
    ],
  },
  {
    name: 'Technology & Gaming',
    interests: [
      'Video Games',
      'Board Games',
      'Tabletop RPGs',
      'Coding',
      'Esports',
      'Virtual Reality',
      'Anime',
      'Sci-Fi',
      'Cosplay',
      'Retro Gaming',
      'Puzzle Games',
      'Gadgets',
    ],
  },
  {
    name: 'Learning & Culture',
    interests: [
      'Reading',
      'Book Clubs',
      'Museums',
      'Art Galleries',
      'Theater',
      'History',
      'Languages',
      'Podcasts',
      'Documentaries',
      'Philosophy',
      'Astronomy',
      'Travel',
    ],
  },
  {
    name: 'Sports & Competition',
    interests: [
      'Soccer',
      'Basketball',
      'Softball',
      'Volleyball',
      'Tennis',
      'Pickleball',
      'Golf',
      'Roller Derby',
      'Rugby',
      'Bowling',
      'Skateboarding',
      "Women's Sports",
    ],
  },
  {
    name: 'Lifestyle & Wellness',
    interests: [
      'Meditation',
      'Mindfulness',
      'Journaling',
      'Astrology',
      'Tarot',
      'Gardening',
      'Plant Parenting',
      'Self-Care',
      'Sustainable Living',
      'Thrifting',
      'Volunteering',
      'Dog Walks',
    ],
  },
] as const satisfies ReadonlyArray<InterestCategory>;
/** An interest's stored value: its English name. */
export type InterestName = (typeof INTEREST_CATEGORIES)[number]['interests'][number];
export type InterestCategoryName = (typeof INTEREST_CATEGORIES)[number]['name'];

/** Every valid interest name (exact spelling). */
export const INTEREST_NAMES: ReadonlySet<string> = new Set(INTEREST_CATEGORIES.flatMap((c) => c.interests));

export const TEA_PREFERENCES = [
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
] as const;
export type TeaPreference = (typeof TEA_PREFERENCES)[number];

/** Lifestyle chips on the Discovery Filters screen. */
export const LIFESTYLE_FILTER_OPTIONS = [
  'Active Lifestyle',
  'Mindful Living',
  'Outdoor Adventures',
  'Artistic Pursuits',
  'Professional Career',
  'Family Oriented',
  'Travel Enthusiast',
  'Health Conscious',
  'Environmental Advocate',
  'Pet Lover',
  'Foodie',
  'Book Lover',
] as const;
export type LifestyleFilterOption = (typeof LIFESTYLE_FILTER_OPTIONS)[number];

/** Lifestyle options in the preference editor. */
export const PREFERENCE_LIFESTYLE_OPTIONS = [
  'Fitness Enthusiast',
  'Vegan',
  'Vegetarian',
  'Adventurous',
  'Homebody',
  'Social Butterfly',
  'Night Owl',
  'Early Bird',
  'Pet Lover',
  'Foodie',
  'Bookworm',
  'Artist',
  'Traveler',
  'Minimalist',
] as const;
export type PreferenceLifestyleOption = (typeof PREFERENCE_LIFESTYLE_OPTIONS)[number];

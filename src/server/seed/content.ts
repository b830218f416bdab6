import type { PromptId } from '../../contract/prompts';
import {
  LOVE_LANGUAGES as LOVE_LANGUAGE_CHOICES,
  type LIFESTYLE_FIELDS,
  type LifestyleKey,
  type RELATIONSHIP_GOALS as GOAL_CHOICES,
} from '../../contract/profiles';
/** Word lists for the demo community. Bios are combined from fragments in ./profiles. */

/** Community cities ('City, State' from the location catalogue) with relative weights. */
export const CITY_WEIGHTS: ReadonlyArray<readonly [location: string, weight: number, tag: string]> = [
  ['New York City, New York', 20, 'nyc'],
  ['Los Angeles, California', 15, 'la'],
  ['Portland, Oregon', 14, 'pdx'],
  ['Chicago, Illinois', 12, 'chi'],
  ['San Francisco, California', 10, 'sf'],
  ['Seattle, Washington', 10, 'sea'],
  ['Austin, Texas', 8, 'atx'],
  ['Denver, Colorado', 7, 'den'],
  ['Atlanta, Georgia', 7, 'atl'],
  ['Boston, Massachusetts', 7, 'bos'],
  ['Philadelphia, Pennsylvania', 6, 'phl'],
  ['Washington, District of Columbia', 6, 'dc'],
  ['Minneapolis, Minnesota', 6, 'mpls'],
  ['Miami, Florida', 5, 'mia'],
  ['San Diego, California', 5, 'sd'],
  ['Oakland, California', 4, 'oak'],
  ['Brooklyn, New York', 4, 'bk'],
  ['Nashville, Tennessee', 3, 'nash'],
  ['New Orleans, Louisiana', 3, 'nola'],
  ['Salt Lake City, Utah', 2, 'slc'],
  ['Asheville, North Carolina', 2, 'avl'],
  ['Madison, Wisconsin', 2, 'msn'],
  // Every region, so a newcomer anywhere in the catalogue has someone within a few hundred miles.
  ['Burlington, Vermont', 2, 'btv'],
  ['Portland, Maine', 2, 'pwm'],
  ['Providence, Rhode Island', 2, 'pvd'],
  ['Hartford, Connecticut', 1, 'hfd'],
  ['Pittsburgh, Pennsylvania', 2, 'pgh'],
  ['Buffalo, New York', 2, 'buf'],
  ['Baltimore, Maryland', 2, 'bmore'],
  ['Richmond, Virginia', 2, 'rva'],
  ['Raleigh, North Carolina', 2, 'ral'],
  ['Charlotte, North Carolina', 2, 'clt'],
  ['Charleston, South Carolina', 1, 'chs'],
  ['Charleston, West Virginia', 1, 'crw'],
  ['Tampa, Florida', 2, 'tpa'],
  ['Orlando, Florida', 2, 'orl'],
  ['Birmingham, Alabama', 1, 'bhm'],
  ['Jackson, Mississippi', 1, 'jxn'],
  ['Memphis, Tennessee', 1, 'mem'],
  ['Louisville, Kentucky', 2, 'lou'],
  ['Little Rock, Arkansas', 1, 'lit'],
  ['Houston, Texas', 4, 'hou'],
  ['Dallas, Texas', 3, 'dfw'],
  ['San Antonio, Texas', 2, 'sat'],
  ['El Paso, Texas', 1, 'elp'],
  ['Amarillo, Texas', 1, 'ama'],
  ['Oklahoma City, Oklahoma', 1, 'okc'],
  ['Detroit, Michigan', 2, 'dtw'],
  ['Columbus, Ohio', 2, 'cbus'],
  ['Cleveland, Ohio', 2, 'cle'],
  ['Indianapolis, Indiana', 2, 'indy'],
  ['Milwaukee, Wisconsin', 2, 'mke'],
  ['St. Louis, Missouri', 2, 'stl'],
  ['Kansas City, Missouri', 2, 'kc'],
  ['Des Moines, Iowa', 1, 'dsm'],
  ['Omaha, Nebraska', 1, 'oma'],
  ['Fargo, North Dakota', 1, 'far'],
  ['Sioux Falls, South Dakota', 1, 'fsd'],
  ['Rapid City, South Dakota', 1, 'rap'],
  ['Duluth, Minnesota', 1, 'dlh'],
  ['Phoenix, Arizona', 3, 'phx'],
  ['Tucson, Arizona', 2, 'tus'],
  ['Flagstaff, Arizona', 1, 'flg'],
  ['Albuquerque, New Mexico', 2, 'abq'],
  ['Las Vegas, Nevada', 2, 'lv'],
  ['Reno, Nevada', 1, 'rno'],
  ['Sacramento, California', 2, 'sac'],
  ['Eugene, Oregon', 2, 'eug'],
  ['Spokane, Washington', 1, 'geg'],
  ['Boise, Idaho', 2, 'boi'],
  ['Missoula, Montana', 1, 'mso'],
  ['Billings, Montana', 1, 'bil'],
  ['Cheyenne, Wyoming', 1, 'cys'],
  ['Anchorage, Alaska', 1, 'anc'],
  ['Honolulu, Hawaii', 1, 'hnl'],
];

/** How a city is called in a bio. */
export const CITY_NICKNAMES: Readonly<Record<string, string>> = {
  'New York City, New York': 'New York',
  'Washington, District of Columbia': 'DC',
  'Brooklyn, New York': 'Brooklyn',
};

/** Names anyone may go by; non-binary profiles draw from these more often. */
// prettier-ignore
export const NEUTRAL_NAMES = [
  'Alex', 'Sam', 'Riley', 'Quinn', 'Avery', 'Taylor', 'Morgan', 'Casey', 'Jamie', 'Robin', 'Frankie',
  'Charlie', 'River', 'Sage', 'Rowan', 'Ash', 'Jules', 'Kai', 'Remy', 'Emerson', 'Harper', 'Skye', 'Wren',
  'Blake', 'Devon', 'Jessie', 'Lou', 'Billie', 'Toni', 'Bo', 'Phoenix', 'Indigo', 'Marlowe', 'Ellis',
  'Reese', 'Sloane', 'Cass', 'Greer', 'Lane', 'Teagan', 'Marley', 'Noor', 'Dani', 'Sasha',
] as const;

// prettier-ignore
export const FIRST_NAMES = [
  'Maya', 'Amara', 'Zainab', 'Aaliyah', 'Imani', 'Nia', 'Zuri', 'Keisha', 'Jasmine',
  'Aisha', 'Fatima', 'Leila', 'Yasmin', 'Samira', 'Nadia', 'Priya', 'Ananya', 'Kavya', 'Meera', 'Divya',
  'Anjali', 'Sanaa', 'Mei', 'Lin', 'Hana', 'Yuki', 'Aiko', 'Min-ji', 'Ji-woo', 'Seo-yeon', 'Thao',
  'Linh', 'Mai', 'Ngoc', 'Mariana', 'Sofía', 'Valentina', 'Camila', 'Isabela', 'Lucía', 'Daniela',
  'Gabriela', 'Ximena', 'Paola', 'Carmen', 'Rosa', 'Alejandra', 'Marisol', 'Luz', 'Inés', 'Beatriz',
  'Julia', 'Clara', 'Elena', 'Ingrid', 'Astrid', 'Freya', 'Maren', 'Saoirse', 'Niamh', 'Aoife', 'Maeve',
  'Fiona', 'Rhiannon', 'Tova', 'Miriam', 'Rachel', 'Talia', 'Shira', 'Noa', 'Ava', 'Emma', 'Olivia',
  'Sophie', 'Chloe', 'Grace', 'Lily', 'Hannah', 'Abby', 'Megan', 'Katie', 'Lauren', 'Sarah', 'Rebecca',
  'Claire', 'Alice', 'Hazel', 'Ivy', 'Violet', 'Iris', 'Juniper', 'Willow', 'Poppy', 'Ruby', 'Stella',
  'Nora', 'Lena', 'Ada', 'Margot', 'Josie', 'Tess', 'Molly', 'Katya', 'Anya', 'Daria',
  'Zoe', 'Eleni', 'Chiara', 'Giulia', 'Francesca', 'Amélie', 'Manon', 'Léa', 'Kiana', 'Leilani', 'Malia',
  'Nalani', 'Tala', 'Kaya', 'Adanna', 'Chioma', 'Ngozi', 'Folake', 'Amina', 'Halima', 'Esi', 'Ama',
  'Zola', 'Thandiwe', 'Naledi', 'Farah', 'Shirin', 'Parisa', 'Roya', 'Elif', 'Defne', 'Selin', 'Ayla',
  'Mira', 'Esme', 'Elodie', 'Tamsin', 'Keziah', 'Odessa', 'Pilar', 'Renata', 'Yara', 'Soraya', 'Inara',
] as const;

// prettier-ignore
export const JOBS = [
  'Software engineer', 'Registered nurse', 'Graphic designer', 'Barista', 'High school English teacher',
  'Veterinary technician', 'Architect', 'Social worker', 'UX researcher', 'Physical therapist', 'Line cook',
  'Librarian', 'Data analyst', 'Marketing manager', 'Wedding photographer', 'Public defender', 'Midwife',
  'Electrician', 'Carpenter', 'Florist', 'Tattoo artist', 'Bookseller', 'Environmental scientist',
  'Product manager', 'Pharmacist', 'Dentist', 'Firefighter', 'Paramedic', 'Yoga instructor',
  'Personal trainer', 'Session musician', 'Freelance writer', 'Journalist', 'Therapist', 'History professor',
  'PhD student', 'Nonprofit program coordinator', 'Event planner', 'Accountant', 'Civil engineer',
  'Pastry chef', 'Brewer', 'Tea shop owner', 'Park ranger', 'Speech therapist', 'Occupational therapist',
  'ER doctor', 'Research scientist', 'Illustrator', 'Video editor', 'Sound engineer', 'Airline pilot',
  'Bike mechanic', 'Small business owner', 'Real estate agent', 'HR partner', 'Policy analyst',
  'Elementary school teacher', 'Museum curator', 'Game designer', 'Urban planner', 'Ceramicist',
  'Sommelier', 'Dog groomer', 'Climbing gym manager', 'Community organizer', 'Hairstylist',
] as const;

export const EDUCATION: ReadonlyArray<readonly [string, number]> = [
  ['High school', 5],
  ['Some college', 8],
  ['Trade school', 5],
  ['Associate degree', 6],
  ["Bachelor's degree", 36],
  ["Master's degree", 22],
  ['PhD', 6],
  ['Law school', 3],
  ['Medical school', 3],
];

/** Weighted over the contract's own lists, so every seeded answer is one a member could pick. */
export const RELATIONSHIP_GOALS: ReadonlyArray<readonly [(typeof GOAL_CHOICES)[number], number]> = [
  ['Long-term partner', 34],
  ['Long-term, open to short', 16],
  ['Short-term, open to long', 10],
  ['Something casual', 10],
  ['New friends', 14],
  ['Still figuring it out', 16],
];

export const LOVE_LANGUAGES = LOVE_LANGUAGE_CHOICES;

/** The profile contract's lifestyle answers (LIFESTYLE_FIELDS), weighted. */
export const LIFESTYLE_OPTIONS = {
  smoking: [
    ['none', 78],
    ['occasionally', 9],
    ['socially', 9],
    ['regularly', 4],
  ],
  drinking: [
    ['none', 12],
    ['occasionally', 24],
    ['socially', 50],
    ['regularly', 14],
  ],
  fitness: [
    ['low', 12],
    ['moderate', 44],
    ['high', 34],
    ['athlete', 10],
  ],
  pets: [
    ['love', 46],
    ['like', 26],
    ['neutral', 20],
    ['allergic', 8],
  ],
  children: [
    ['want', 22],
    ['open', 38],
    ["don't want", 30],
    ['have', 10],
  ],
} as const satisfies {
  [K in LifestyleKey]: ReadonlyArray<readonly [(typeof LIFESTYLE_FIELDS)[K]['options'][number], number]>;
};

/** Tea names as they read mid-sentence. */
export const TEA_IN_PROSE: Readonly<Record<string, string>> = {
  'Green Tea': 'green tea',
  'Black Tea': 'black tea',
  Oolong: 'oolong',
  'White Tea': 'white tea',
  'Herbal Tea': 'herbal tea',
  Chai: 'chai',
  Matcha: 'matcha',
  'Earl Grey': 'Earl Grey',
  Jasmine: 'jasmine tea',
  Rooibos: 'rooibos',
  Chamomile: 'chamomile',
  Peppermint: 'peppermint tea',
};

/** Interests one can be learning or be good at ('Currently learning pottery'). */
// prettier-ignore
export const LEARNABLE_INTERESTS = [
  'Yoga', 'Pilates', 'Boxing', 'Swimming', 'Martial Arts', 'Dancing', 'Painting', 'Drawing', 'Photography',
  'Pottery', 'Writing', 'Poetry', 'Knitting', 'Embroidery', 'Singing', 'Graphic Design', 'Film Making',
  'Rock Climbing', 'Kayaking', 'Surfing', 'Skiing', 'Snowboarding', 'Baking', 'Cooking', 'Mixology',
  'Coding', 'Languages', 'Tennis', 'Pickleball', 'Golf', 'Skateboarding', 'Gardening', 'Tarot',
  'Meditation', 'Roller Derby', 'Volleyball', 'Calisthenics',
] as const;

/**
 * Bio fragments. Placeholders: {a} and {b} two of the person's interests, {learn} a learnable one,
 * {tea} a tea they like, {city} their city, {job} / {job_lower} their job. A fragment whose
 * placeholder cannot be filled is skipped. All are first person, so none needs a pronoun.
 */
export const BIO_OPENERS = [
  'Part-time plant parent, full-time overthinker.',
  'Recovering perfectionist with a soft spot for rainy Sundays.',
  'New to {city} and looking for people to explore it with.',
  'Born and raised in {city}, and still finding new corners of it.',
  'I collect houseplants, library cards and terrible puns.',
  '{job} by day, {a} enthusiast by night.',
  'Professional {job_lower}, amateur everything else.',
  'Golden retriever energy in a black cat body.',
  'Introvert with a surprisingly good karaoke song.',
  'Chronic early riser. Yes, even on weekends.',
  'Equal parts cozy and chaotic.',
  'I will always choose the window seat.',
  'Soft butch with a softer heart.',
  'Loud laugh, big feelings, good snacks.',
  'Just moved back to {city} after a few years away.',
  'The friend who remembers your coffee order (and your tea order).',
  'Therapy-going, voicemail-avoiding, playlist-making human.',
  'Mostly harmless. Occasionally very into {a}.',
  'Happily out-of-breath most mornings.',
  'Aspiring grandma: I knit, I bake, I tell long stories.',
  'Gentle, curious and a little bit nerdy.',
  "I've lived in four cities and {city} is the one that stuck.",
  'Sunshine person looking for my rainy-day person.',
  'Big on kindness, bad at small talk.',
] as const;

export const BIO_MIDDLES = [
  'Happiest somewhere between {a} and {b}.',
  'Weekends look like {a}, {b} and far too much {tea}.',
  'Currently learning {learn} and failing gloriously.',
  'Ask me about {a} at your own risk - I will not stop talking.',
  'My ideal date is a slow morning at a tea house and a long walk after.',
  'My ideal date is a trivia night where we lose spectacularly.',
  'Ideal first date: a farmers market haul and cooking it together.',
  'Ideal first date: a museum, then arguing about the art over dumplings.',
  'I make a mean pot of {tea} and an even better playlist.',
  'Most weekends involve {a} or planning the next road trip.',
  'Into {a}, {b} and people who text back.',
  'Looking for someone who is as excited about {a} as I am.',
  'Always down for {a}, sometimes down for {b}, never down for mornings without {tea}.',
  'Good at {learn}, still bad at small talk, great at making {tea}.',
  'Lately: {a} on weekdays, {b} on weekends.',
  'I have strong opinions about {tea} and weak opinions about almost everything else.',
  'Recently got really into {a}. Send help (or join me).',
  'Happiest with muddy boots and a thermos of {tea}.',
  'I will show up to your {a} thing with snacks.',
  'Still looking for the best {tea} in {city}.',
  'Most evenings end with {tea} and a good book.',
  'Teach me about {a} and I will teach you about {b}.',
] as const;

export const BIO_CLOSERS = [
  'Bonus points if you have a dog I can meet.',
  'Tell me your comfort show.',
  "Let's get {tea} and see where it goes.",
  'Swipe right if you know a good bookshop.',
  'Taking recommendations for tea spots in {city}.',
  'Here for something real.',
  'Be kind, be curious, bring snacks.',
  'Say hi with your favourite song right now.',
  'Looking for my person (and a fourth for board games).',
  'Friends first, then we see.',
  "I'll make the tea if you pick the movie.",
  'No pressure, just good conversation.',
  'Ask me about my worst haircut.',
  'Will trade book recommendations for yours.',
  '🍵✨',
  '🌿',
  '🏳️‍🌈',
] as const;

/** Words for usernames like 'maya.reads' or 'oolong_dreamer'. */
// prettier-ignore
export const USERNAME_WORDS = [
  'reads', 'bakes', 'hikes', 'writes', 'draws', 'climbs', 'sings', 'brews', 'knits', 'runs', 'paints',
  'dreams', 'wanders', 'grows', 'rides', 'cooks',
] as const;

// prettier-ignore
export const USERNAME_HANDLES = [
  'oolong_dreamer', 'sapphic.sunflower', 'matcha.moon', 'chai.and.chill', 'earlgrey.girl', 'rooibos.ro',
  'teacup.tales', 'herbal.heart', 'jasmine.nights', 'pottery.witch', 'moss.and.mist', 'velvet.fern',
  'cozy.cardigan', 'stargazer', 'fern.gully', 'wild.honey', 'lavender.haze', 'quiet.thunder',
  'little.kettle', 'steeped.in.love', 'slow.pour', 'sunday.scone',
] as const;

/**
 * Answers demo members give to profile prompts (contract/prompts.ts): a few per prompt, each under 150
 * characters, in the community's voice.
 */
export const PROMPT_ANSWERS: Readonly<Partial<Record<PromptId, readonly string[]>>> = {
  'ideal-tea-date': [
    'A gongfu session somewhere quiet, then a long walk where we forget to check the time.',
    'Bubble tea and a bookshop crawl. Loser buys the next round of taro.',
    'A picnic with a thermos of chai and a bag of clementines.',
  ],
  boundary: [
    'I answer texts when I can, not instantly. Patience is attractive.',
    'No talking politics before my first cup. After that, anything goes.',
    'I take my Sunday mornings for myself. Brunch after noon, though? Yes.',
  ],
  'green-flags': [
    'You ask follow-up questions. You are kind to waiters. You have a favourite mug.',
    'You text back when you said you would and remember my dog’s name.',
    'Curiosity, a good laugh, and opinions about steeping times.',
  ],
  sunday: [
    'Farmers market, a nap, then cooking something new with the windows open.',
    'Crossword in bed, a long run, dumplings with friends.',
  ],
  'comfort-brew': [
    'Earl Grey with oat milk, honestly a hug in a cup.',
    'Roasted oolong on a rainy afternoon.',
    'Peppermint at midnight while I pretend I will sleep soon.',
  ],
  'geek-out': [
    'Mushroom foraging. I will show you photos of fungi on our first date.',
    'Vintage synths and the people who repair them.',
    'Tabletop campaigns: I have been the DM for four years.',
  ],
  'unpopular-opinion': ['Matcha lattes are better iced, even in January.', 'Board games are better than most movies.'],
  'first-date-idea': [
    'Pottery class. We will be terrible at it together.',
    'A tea tasting, then tacos. Balance.',
    'A museum on free night and a debate about our favourite piece.',
  ],
  'queer-joy': [
    'Dyke march with my chosen family and a cooler of iced hibiscus.',
    'Queer book club nights that turn into dance parties.',
  ],
  'we-will-get-along': [
    'You like a slow morning and a spontaneous road trip in equal measure.',
    'You can sit in comfortable silence with a good cup of tea.',
  ],
  'happy-place': [
    'A window seat in a café while it rains outside.',
    'The trailhead at 7 a.m. with a thermos of genmaicha.',
  ],
  'hot-take-tea': [
    'Bagged tea is fine. Loose leaf is better. Both are valid.',
    'Chai should be spicy enough to clear your sinuses.',
  ],
  'ask-me-about': [
    'The time I got lost in Kyoto and found the best tea house of my life.',
    'My sourdough starter, Beyoncé. She is thriving.',
  ],
  'looking-for': [
    'Someone to build a cozy, honest thing with. Friends first is great.',
    'A partner in crime for weekend adventures and weeknight soup.',
  ],
};

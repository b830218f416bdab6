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

export const RELATIONSHIP_GOALS: ReadonlyArray<readonly [string, number]> = [
  ['Long-term relationship', 42],
  ['Something casual', 14],
  ['Friendship first', 22],
  ['Not sure yet', 22],
];

export const LOVE_LANGUAGES = [
  'Words of affirmation',
  'Quality time',
  'Physical touch',
  'Acts of service',
  'Receiving gifts',
] as const;

export const LIFESTYLE_OPTIONS = {
  smoking: [
    ['never', 76],
    ['socially', 12],
    ['trying to quit', 7],
    ['regularly', 5],
  ],
  drinking: [
    ['never', 12],
    ['rarely', 22],
    ['socially', 52],
    ['regularly', 14],
  ],
  exercise: [
    ['rarely', 10],
    ['sometimes', 35],
    ['often', 38],
    ['daily', 17],
  ],
  pets: [
    ['none', 24],
    ['cat', 22],
    ['dog', 20],
    ['cats', 8],
    ['dog and cat', 7],
    ['wants one', 14],
    ['rabbit', 3],
    ['reptile', 2],
  ],
  diet: [
    ['omnivore', 52],
    ['vegetarian', 20],
    ['vegan', 10],
    ['pescatarian', 10],
    ['mostly plant-based', 8],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, number]>>;

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

import { INTEREST_CATEGORIES, INTEREST_NAMES, TEA_PREFERENCES } from '../../contract/interests';
import type { PromptAnswer, PromptId } from '../../contract/prompts';
import { isKnownLocation, locationCoordinates } from '../../contract/locations';
import type { GenderIdentity, SexualOrientation } from '../../contract/users';
import {
  BIO_CLOSERS,
  BIO_MIDDLES,
  BIO_OPENERS,
  CITY_NICKNAMES,
  CITY_WEIGHTS,
  EDUCATION,
  FIRST_NAMES,
  JOBS,
  LEARNABLE_INTERESTS,
  LIFESTYLE_OPTIONS,
  LOVE_LANGUAGES,
  NEUTRAL_NAMES,
  PROMPT_ANSWERS,
  RELATIONSHIP_GOALS,
  TEA_IN_PROSE,
  USERNAME_HANDLES,
  USERNAME_WORDS,
} from './content';
import type { Random } from './random';
import { MIN_VERIFICATION_PHOTOS } from '../../contract/verification';

/** A generated demo profile, independent of the database and of the current time. */
export interface DemoProfile {
  username: string;
  name: string;
  age: number;
  bio: string;
  location: string;
  latitude: number;
  longitude: number;
  genderIdentity: GenderIdentity;
  sexualOrientation: SexualOrientation;
  pronouns: string;
  interests: string[];
  teaInterests: string[];
  job: string;
  education: string;
  heightCm: number;
  relationshipGoals: string;
  loveLanguage: string;
  lifestyle: Record<string, string>;
  /** Answers to profile prompts (contract/prompts.ts); demoProfiles fills them from their own random stream. */
  prompts: PromptAnswer[];
  isVerified: boolean;
  /** How long ago the account was created / last active, in milliseconds. */
  createdAgoMs: number;
  lastActiveAgoMs: number;
  photoCount: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const BIO_MIN_LENGTH = 40;
const BIO_MAX_LENGTH = 250;

/** The community's cities, checked against the catalogue once: a renamed city fails loudly. */
function communityCities(): Array<{ location: string; weight: number; tag: string; lat: number; lng: number }> {
  return CITY_WEIGHTS.map(([location, weight, tag]) => {
    const coordinates = locationCoordinates(location);
    if (!coordinates || !isKnownLocation(location)) {
      throw new Error(`Demo seed: '${location}' is not in the location catalogue (src/contract/locations.ts)`);
    }
    return { location, weight, tag, lat: coordinates.lat, lng: coordinates.lng };
  });
}

/** Exactly `total` slots split by weight (largest remainder), so bigger cities always get more people. */
function allocate(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * total);
  const counts = exact.map(Math.floor);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (const { index } of order) {
    if (missing-- <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
  }
  return counts;
}

/** For mid-sentence use: 'Roller Derby' → 'roller derby'; 'CrossFit', 'Tabletop RPGs', 'ER doctor' keep their capitals. */
function inProse(text: string): string {
  if (text === 'Pride Events') return 'Pride events';
  return text
    .split(' ')
    .map((word) =>
      word
        .split('-')
        .map((part) => (/^[A-Z][a-z']*$/.test(part) ? part.toLowerCase() : part))
        .join('-'),
    )
    .join(' ');
}

function slug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function pickUsername(random: Random, name: string, tag: string, taken: Set<string>): string {
  const base = slug(name);
  for (let attempt = 0; attempt < 50; attempt++) {
    const form = attempt < 10 ? random.int(0, 6) : 0;
    let candidate: string;
    switch (form) {
      case 1:
        candidate = `${base}.${random.pick(USERNAME_WORDS)}`;
        break;
      case 2:
        candidate = `${base}_${tag}`;
        break;
      case 3:
        candidate = random.pick(USERNAME_HANDLES);
        break;
      case 4:
        candidate = `${base}.${String.fromCharCode(97 + random.int(0, 25))}`;
        break;
      case 5:
        candidate = `${base}${tag}`;
        break;
      case 6:
        candidate = `${random.pick(['its', 'hey', 'just', 'call.me'])}.${base}`;
        break;
      default:
        candidate = `${base}${random.chance(0.5) ? random.int(10, 99) : random.int(1985, 2003)}`;
    }
    if (candidate.length >= 3 && candidate.length <= 30 && !taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
  throw new Error(`Demo seed: no free username for ${name}`);
}

function pickInterests(random: Random): string[] {
  const count = random.int(4, 9);
  const favourites = random.sample(INTEREST_CATEGORIES, random.int(1, 3)).flatMap((c) => c.interests);
  const all = INTEREST_CATEGORIES.flatMap((c) => c.interests);
  const chosen = new Set<string>();
  while (chosen.size < count) chosen.add(random.pick(random.chance(0.7) ? favourites : all));
  return random.shuffle([...chosen]);
}

type Option = ReadonlyArray<readonly [string, number]>;

function pickLifestyle(random: Random, interests: readonly string[]): Record<string, string> {
  const boost = (options: Option, value: string, factor: number): Option =>
    options.map(([option, weight]) => [option, option === value ? weight * factor : weight] as const);
  const has = (interest: string) => interests.includes(interest);
  const fitnessInterests: readonly string[] =
    INTEREST_CATEGORIES.find((c) => c.name === 'Fitness & Health')?.interests ?? [];
  const fitness = interests.filter((i) => fitnessInterests.includes(i)).length;

  let pets: Option = LIFESTYLE_OPTIONS.pets;
  if (has('Dog Walks')) pets = boost(pets, 'love', 6);
  let fitnessLevel: Option = LIFESTYLE_OPTIONS.fitness;
  if (fitness >= 2) fitnessLevel = boost(boost(fitnessLevel, 'athlete', 4), 'high', 2);
  let drinking: Option = LIFESTYLE_OPTIONS.drinking;
  if (has('Wine Tasting') || has('Craft Beer') || has('Cocktail Bars')) drinking = boost(drinking, 'none', 0);

  return {
    smoking: random.weighted(LIFESTYLE_OPTIONS.smoking),
    drinking: random.weighted(drinking),
    fitness: random.weighted(fitnessLevel),
    pets: random.weighted(pets),
  };
}

interface BioContext {
  interests: readonly string[];
  teas: readonly string[];
  city: string;
  job: string;
}

/** 'Portland, Oregon' → 'Portland'; 'Washington, District of Columbia' → 'DC'. */
function cityInProse(location: string): string {
  return CITY_NICKNAMES[location] ?? location.slice(0, location.lastIndexOf(', '));
}

function fillFragment(random: Random, fragment: string, context: BioContext): string | undefined {
  const learnable = context.interests.filter((i) => (LEARNABLE_INTERESTS as readonly string[]).includes(i));
  const [a, b] = random.sample(context.interests, 2);
  const tea = context.teas.length > 0 ? random.pick(context.teas) : undefined;
  const values: Record<string, string | undefined> = {
    a: a && inProse(a),
    b: b && inProse(b),
    learn: learnable.length > 0 ? inProse(random.pick(learnable)) : undefined,
    tea: tea && (TEA_IN_PROSE[tea] ?? tea.toLowerCase()),
    city: cityInProse(context.city),
    job: context.job,
    job_lower: inProse(context.job),
  };
  let missing = false;
  const text = fragment.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : text;
}

/** Two or three fragments (opener, middle, closer, in a varying mix), 40-250 characters. */
function composeBio(random: Random, context: BioContext): string {
  for (let attempt = 0; attempt < 40; attempt++) {
    const shape = random.weighted<ReadonlyArray<readonly string[]>>([
      [[BIO_OPENERS, BIO_MIDDLES, BIO_CLOSERS], 4],
      [[BIO_OPENERS, BIO_MIDDLES], 3],
      [[BIO_MIDDLES, BIO_CLOSERS], 2],
      [[BIO_OPENERS, BIO_CLOSERS], 1],
      [[BIO_OPENERS], 1],
      [[BIO_MIDDLES, BIO_MIDDLES], 1],
    ]);
    const parts: string[] = [];
    for (const pool of shape) {
      const part = fillFragment(random, random.pick(pool), context);
      if (part === undefined || parts.includes(part)) break;
      parts.push(part);
    }
    if (parts.length !== shape.length) continue;
    const bio = parts.join(' ');
    if (bio.length >= BIO_MIN_LENGTH && bio.length <= BIO_MAX_LENGTH) return bio;
  }
  return `Tea lover in ${cityInProse(context.city)}, looking for good conversation and better company.`;
}

/** When someone was last active, relative to now: a few are online, most within the last 10 days. */
function lastActiveAgo(random: Random): number {
  const bucket = random.weighted([
    ['online', 12],
    ['today', 22],
    ['days', 66],
  ] as const);
  if (bucket === 'online') return random.int(0, 4 * MINUTE);
  if (bucket === 'today') return random.int(5 * MINUTE, 12 * HOUR);
  return random.int(12 * HOUR, 10 * DAY);
}

/**
 * `count` varied profiles. Pure: the same random stream gives the same community.
 * `taken` holds usernames that must not be reused (and receives the new ones).
 */
export function generateProfiles(random: Random, count: number, taken: Set<string>): DemoProfile[] {
  const cities = communityCities();
  const perCity = allocate(
    cities.map((c) => c.weight),
    count,
  );
  const slots = random.shuffle(cities.flatMap((city, i) => Array.from({ length: perCity[i] ?? 0 }, () => city)));

  return slots.map((city) => {
    const genderIdentity: GenderIdentity = random.chance(0.8) ? 'woman' : 'non-binary';
    const pronouns =
      genderIdentity === 'woman'
        ? random.weighted([
            ['she/her', 88],
            ['she/they', 12],
          ] as const)
        : random.weighted([
            ['they/them', 78],
            ['she/they', 22],
          ] as const);
    const name =
      genderIdentity === 'non-binary' && random.chance(0.65)
        ? random.pick(NEUTRAL_NAMES)
        : random.pick(random.chance(0.85) ? FIRST_NAMES : NEUTRAL_NAMES);
    const sexualOrientation = random.weighted<SexualOrientation>([
      ['lesbian', 48],
      ['bisexual', 32],
      ['pansexual', 20],
    ]);
    const age = random.chance(0.12)
      ? random.int(21, 55)
      : Math.round(Math.min(55, Math.max(21, random.normal(30, 6.5))));
    const interests = pickInterests(random);
    const teaInterests = random.sample(TEA_PREFERENCES, random.int(1, 4));
    const job = random.pick(JOBS);
    const createdAgoMs = random.int(30 * MINUTE, 90 * DAY);
    let lastActiveAgoMs = lastActiveAgo(random);
    if (lastActiveAgoMs > createdAgoMs) lastActiveAgoMs = random.int(0, createdAgoMs);

    const profile: DemoProfile = {
      username: pickUsername(random, name, city.tag, taken),
      name,
      age,
      bio: composeBio(random, { interests, teas: teaInterests, city: city.location, job }),
      location: city.location,
      latitude: city.lat,
      longitude: city.lng,
      genderIdentity,
      sexualOrientation,
      pronouns,
      interests,
      teaInterests,
      job,
      education: random.weighted(EDUCATION),
      heightCm: Math.round(Math.min(185, Math.max(150, random.normal(166, 7)))),
      relationshipGoals: random.weighted(RELATIONSHIP_GOALS),
      loveLanguage: random.pick(LOVE_LANGUAGES),
      lifestyle: pickLifestyle(random, interests),
      prompts: [],
      isVerified: random.chance(0.15),
      createdAgoMs,
      lastActiveAgoMs,
      photoCount: random.weighted([
        [1, 3],
        [2, 4],
        [3, 3],
      ] as const),
    };
    // A verified member has at least the photos verification asks for: the app shows that rule beside her count.
    if (profile.isVerified) profile.photoCount = Math.max(MIN_VERIFICATION_PHOTOS, profile.photoCount);
    return profile;
  });
}

/** Throws if the word lists have drifted from the catalogues; run before seeding. */
export function checkContent(): void {
  for (const interest of LEARNABLE_INTERESTS) {
    if (!INTEREST_NAMES.has(interest)) throw new Error(`Demo seed: unknown interest '${interest}'`);
  }
  for (const tea of TEA_PREFERENCES) {
    if (!(tea in TEA_IN_PROSE)) throw new Error(`Demo seed: no prose form for tea '${tea}'`);
  }
  communityCities();
}

/**
 * Zero to three prompt answers, most members answering two: drawn from their own random stream so that
 * adding prompts changed no other field of the community.
 */
export function pickPrompts(random: Random): PromptAnswer[] {
  const answered = Object.keys(PROMPT_ANSWERS) as PromptId[];
  const count = random.weighted([
    [0, 2],
    [1, 3],
    [2, 4],
    [3, 3],
  ] as const);
  return random.sample(answered, count).map((promptId) => ({
    promptId,
    answer: random.pick(PROMPT_ANSWERS[promptId] ?? ['']),
  }));
}

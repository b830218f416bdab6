import { ICEBREAKERS_MAX, ICEBREAKERS_MIN, MESSAGE_MAX_LENGTH, type IcebreakerCategory } from '../../../contract/chat';
import { parseLocation } from '../../../contract/locations';
import { icebreakerTemplatesOf, interestName, teaName, type Language } from '../../i18n';

/** What a starter may draw on: the parts of a profile both people can see. */
export interface StarterProfile {
  name: string;
  bio: string;
  location: string;
  interests: readonly string[];
  teaInterests: readonly string[];
}

interface GeneratedIcebreaker {
  message: string;
  category: IcebreakerCategory;
}

/** FNV-1a: a stable number from a string, so the same seed always builds the same set. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough to shuffle templates. */
function random(seed: string): () => number {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** A quotable piece of her bio: one sentence (or clause), at most ~70 characters, cut at a word. */
export function bioSnippets(text: string): string[] {
  const pieces = text
    .split(/(?<=[.!?…])\s+|\n+|\s+[-–—]\s+/)
    .map((s) =>
      s
        .trim()
        .replace(/[.!?…,;:]+$/, '')
        .replace(/"/g, "'"),
    )
    .filter((s) => s.length >= 12);
  return pieces.map((piece) => {
    if (piece.length <= 70) return piece;
    const cut = piece.slice(0, 70);
    return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).trim()}…`;
  });
}

/**
 * 3–5 conversation starters for `viewer` to send to `other`, in `language` (the viewer's), built from what their
 * profiles share (interests, teas, city) and what `other` wrote (interests, bio). Each category gives its options;
 * the seed picks among them, so different pairs and different seeds get different sets. Starters
 * in `avoid` (recently offered) are used only when nothing else is left.
 */
export function generateIcebreakers(
  viewer: StarterProfile,
  other: StarterProfile,
  seed: string,
  language: Language,
  avoid: ReadonlySet<string> = new Set(),
): GeneratedIcebreaker[] {
  const rand = random(seed);
  const name = firstName(other.name);
  const templates = icebreakerTemplatesOf(language);
  const pick = <T>(options: ((values: T) => string)[], values: T) => shuffled(options, rand).map((t) => t(values));
  const options = new Map<IcebreakerCategory, string[]>();
  const add = (category: IcebreakerCategory, messages: string[]) => {
    if (messages.length > 0) options.set(category, [...(options.get(category) ?? []), ...messages]);
  };

  // Profiles store interests and teas by their English names: compared as stored, written in her language.
  const mine = new Set(viewer.interests);
  const shared = other.interests.filter((i) => mine.has(i));
  for (const interest of shuffled(shared, rand).slice(0, 3))
    add('shared_interest', pick(templates.sharedInterest, { interest: interestName(language, interest), name }));
  const theirsOnly = other.interests.filter((i) => !mine.has(i));
  for (const interest of shuffled(theirsOnly, rand).slice(0, 3))
    add('interest', pick(templates.theirInterest, { interest: interestName(language, interest), name }));

  const myTeas = new Set(viewer.teaInterests);
  const sharedTeas = other.teaInterests.filter((t) => myTeas.has(t));
  const myFirstTea = shuffled(viewer.teaInterests, rand)[0];
  const myTea = myFirstTea === undefined ? undefined : teaName(language, myFirstTea);
  if (sharedTeas.length > 0) {
    for (const tea of shuffled(sharedTeas, rand).slice(0, 2))
      add('tea', pick(templates.sharedTea, { tea: teaName(language, tea) }));
  } else if (other.teaInterests.length > 0) {
    for (const tea of shuffled(other.teaInterests, rand).slice(0, 2))
      add('tea', pick(templates.theirTea, { tea: teaName(language, tea), mine: myTea }));
  } else {
    add('tea', pick(templates.teaUnknown, { mine: myTea }));
  }

  for (const snippet of shuffled(bioSnippets(other.bio), rand).slice(0, 2))
    add('bio', pick(templates.bio, { snippet }));

  const here = parseLocation(viewer.location);
  const there = parseLocation(other.location);
  if (there) {
    if (here && here.city === there.city && here.state === there.state)
      add('location', pick(templates.sameCity, { city: there.city }));
    else if (here && here.state === there.state)
      add('location', pick(templates.sameState, { city: there.city, myCity: here.city, state: there.state }));
    else add('location', pick(templates.elsewhere, { city: there.city }));
  }
  add('general', pick(templates.general, { name }));

  // One starter per category, in a seeded order, with the general ones last (they are the filler);
  // a second one from a category (two quotes of the same bio read as a repeat) only to reach the minimum.
  const categories = [
    ...shuffled(
      [...options.keys()].filter((c) => c !== 'general'),
      rand,
    ),
    'general' as const,
  ];
  const queues = new Map<IcebreakerCategory, string[]>(
    categories.map((c) => {
      const all = options.get(c) ?? [];
      return [c, [...all.filter((m) => !avoid.has(m)), ...all.filter((m) => avoid.has(m))]];
    }),
  );
  const fresh = (m: string | undefined) => m !== undefined && !avoid.has(m);
  const chosen: GeneratedIcebreaker[] = [];
  const seen = new Set<string>();
  const take = (category: IcebreakerCategory, allowAvoided: boolean) => {
    const queue = queues.get(category) ?? [];
    while (queue.length > 0) {
      if (!allowAvoided && !fresh(queue[0])) return false;
      const message = queue.shift() as string;
      if (seen.has(message) || message.length > MESSAGE_MAX_LENGTH) continue;
      seen.add(message);
      chosen.push({ message, category });
      return true;
    }
    return false;
  };
  const used = new Set<IcebreakerCategory>();
  for (const allowAvoided of [false, true]) {
    for (const category of categories) {
      if (chosen.length >= ICEBREAKERS_MAX) break;
      if (used.has(category) || (category === 'general' && chosen.length >= ICEBREAKERS_MIN)) continue;
      if (take(category, allowAvoided)) used.add(category);
    }
    let progressed = true;
    while (chosen.length < ICEBREAKERS_MIN && progressed) {
      progressed = false;
      for (const category of categories) {
        if (chosen.length >= ICEBREAKERS_MIN) break;
        if (take(category, allowAvoided)) progressed = true;
      }
    }
    if (chosen.length >= ICEBREAKERS_MIN) break;
  }
  return chosen;
}

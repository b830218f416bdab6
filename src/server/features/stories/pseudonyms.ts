/*
 * Replies' pseudonyms: a tea name and a number ("Oolong 3"), read from the replier's per-story tag.
 * The tag is an HMAC under the author key, so the name is stable within one story and unrelated
 * across stories; it says nothing a database reader could not already see (the tag itself).
 */

export const TEA_NAMES = [
  'Assam',
  'Bancha',
  'Chai',
  'Chamomile',
  'Darjeeling',
  'Earl Grey',
  'Genmaicha',
  'Gyokuro',
  'Hibiscus',
  'Hojicha',
  'Jasmine',
  'Keemun',
  'Kukicha',
  'Lapsang',
  'Matcha',
  'Oolong',
  'Peppermint',
  'Pu-erh',
  'Rooibos',
  'Sencha',
  'Silver Needle',
  'Tulsi',
  'White Peony',
  'Yerba Mate',
] as const;

const NUMBERS = 99;

function nameAt(index: number): string {
  const nameIndex = Math.floor(index / NUMBERS) % TEA_NAMES.length;
  return `${TEA_NAMES[nameIndex]} ${(index % NUMBERS) + 1}`;
}

/** Where the tag lands among the TEA_NAMES × 99 pseudonyms. */
function slotOf(tag: string): number {
  const bytes = Buffer.from(tag, 'base64url');
  return bytes.readUInt32BE(0) % (TEA_NAMES.length * NUMBERS);
}

/**
 * The pseudonyms of one story's repliers, given in the order they first replied. Two tags that land
 * on the same name are told apart by order: the earlier replier keeps it, the later one takes the
 * next free number, so a name never changes once shown (unless an earlier replier deletes every
 * reply of hers in the thread).
 */
export function pseudonymsInOrder(tags: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<number>();
  const size = TEA_NAMES.length * NUMBERS;
  for (const tag of tags) {
    if (names.has(tag)) continue;
    // A thread with more repliers than names (2376): the rest are numbered past the list.
    if (taken.size >= size) {
      names.set(tag, `Tea ${names.size + 1}`);
      continue;
    }
    let slot = slotOf(tag);
    while (taken.has(slot)) slot = (slot + 1) % size;
    taken.add(slot);
    names.set(tag, nameAt(slot));
  }
  return names;
}

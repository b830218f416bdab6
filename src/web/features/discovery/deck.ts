/**
 * The cards still to show: cards put back (undone, or a swipe the server refused) first, then the
 * feed's pages in order, without anything swiped in this visit and without repeats.
 */
export function buildDeck<T extends { id: string }>(
  returned: readonly T[],
  pageCards: readonly T[],
  swiped: ReadonlySet<string>,
): T[] {
  const seen = new Set<string>();
  const deck: T[] = [];
  for (const card of [...returned, ...pageCards]) {
    if (swiped.has(card.id) || seen.has(card.id)) continue;
    seen.add(card.id);
    deck.push(card);
  }
  return deck;
}

export function withId(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  next.add(id);
  return next;
}

export function withoutId(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  next.delete(id);
  return next;
}

/** Likes are used up only until the server's reset time passes. */
export function likesExhausted(
  limits: { likesRemaining: number | null; likesResetAt: string | null } | undefined,
  now: number,
): boolean {
  if (!limits || limits.likesRemaining !== 0) return false;
  return limits.likesResetAt === null || now < Date.parse(limits.likesResetAt);
}

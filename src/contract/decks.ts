/*
 * Friends mode's decks (product §2 "Discover"), without zod: Discover's first paint reads them, and a
 * zod contract module in a first-paint chunk costs /home about 26 KB (scripts/check-bundle-size.ts).
 */

/** The two decks: every swipe and match belongs to one; a friends like never counts toward a dating match. */
export const DISCOVERY_MODES = ['dating', 'friends'] as const;
export type DiscoveryMode = (typeof DISCOVERY_MODES)[number];

/** Where Discover looks: within her distance, anywhere ('All Areas'), her state, her city. */
export const DISCOVERY_SCOPES = ['nearby', 'all', 'state', 'city'] as const;
export type DiscoveryScope = (typeof DISCOVERY_SCOPES)[number];

/** Her "Looking for" setting ('dating' until she chooses): which decks she sees and is seen in. */
export const LOOKING_FOR = ['dating', 'friends', 'both'] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];

/** The decks a setting opens, dating first. */
export function modesOf(lookingFor: LookingFor): DiscoveryMode[] {
  return lookingFor === 'both' ? ['dating', 'friends'] : [lookingFor];
}

import { DISCOVERY_MODES, DISCOVERY_SCOPES, type DiscoveryMode, type DiscoveryScope } from '../../../contract/decks';
import { storage } from '../../lib/storage';

/**
 * Where she last looked on Discover and in which deck, kept on this device for her: a reload, a visit to
 * Matches or a return from a profile opens the same deck in the same place, as the apps she knows do.
 * Only her choice of view is kept, nothing about anyone else.
 */
export interface DiscoverChoice {
  scope: DiscoveryScope;
  deck: DiscoveryMode;
}

/** Where Discover looks until she chooses. */
export const FIRST_DISCOVER_CHOICE: DiscoverChoice = { scope: 'nearby', deck: 'dating' };

const keyOf = (userId: string) => `discover:${userId}`;

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** Her last choice on this device; anything unreadable (another version, edited storage) is the first one. */
export function readDiscoverChoice(userId: string): DiscoverChoice {
  let saved: unknown;
  try {
    saved = JSON.parse(storage.get(keyOf(userId)) ?? 'null');
  } catch {
    return FIRST_DISCOVER_CHOICE;
  }
  const { scope, deck } = (saved && typeof saved === 'object' ? saved : {}) as Record<string, unknown>;
  return {
    scope: isOneOf(DISCOVERY_SCOPES, scope) ? scope : FIRST_DISCOVER_CHOICE.scope,
    deck: isOneOf(DISCOVERY_MODES, deck) ? deck : FIRST_DISCOVER_CHOICE.deck,
  };
}

export function saveDiscoverChoice(userId: string, choice: DiscoverChoice): void {
  storage.set(keyOf(userId), JSON.stringify(choice));
}

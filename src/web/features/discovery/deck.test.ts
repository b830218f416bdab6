import { describe, expect, it } from 'vitest';
import { buildDeck, likesExhausted, withId, withoutId } from './deck';

const card = (id: string) => ({ id });

describe('buildDeck', () => {
  it('keeps feed order and drops swiped cards', () => {
    const deck = buildDeck([], [card('a'), card('b'), card('c')], new Set(['b']));
    expect(deck.map((c) => c.id)).toEqual(['a', 'c']);
  });

  it('puts returned cards on top without repeating them', () => {
    const deck = buildDeck([card('c')], [card('a'), card('b'), card('c')], new Set(['a']));
    expect(deck.map((c) => c.id)).toEqual(['c', 'b']);
  });

  it('hides a returned card once it is swiped again', () => {
    expect(buildDeck([card('a')], [], withId(new Set(), 'a'))).toEqual([]);
    expect(buildDeck([card('a')], [], withoutId(new Set(['a']), 'a')).map((c) => c.id)).toEqual(['a']);
  });
});

describe('likesExhausted', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  it('is true only at zero likes before the reset time', () => {
    expect(likesExhausted({ likesRemaining: 0, likesResetAt: '2025-06-16T00:00:00Z' }, now)).toBe(true);
    expect(likesExhausted({ likesRemaining: 0, likesResetAt: '2025-06-15T00:00:00Z' }, now)).toBe(false);
    expect(likesExhausted({ likesRemaining: 3, likesResetAt: '2025-06-16T00:00:00Z' }, now)).toBe(false);
    expect(likesExhausted({ likesRemaining: null, likesResetAt: null }, now)).toBe(false);
    expect(likesExhausted(undefined, now)).toBe(false);
  });
});

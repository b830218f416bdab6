import { describe, expect, it } from 'vitest';
import { spacedCardNumber } from './demo-card-form';

describe('spacedCardNumber', () => {
  it('spaces digits in groups of four as she types, whatever she pastes', () => {
    expect(spacedCardNumber('4')).toBe('4');
    expect(spacedCardNumber('42424')).toBe('4242 4');
    expect(spacedCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(spacedCardNumber('4242-4242 4242.4242')).toBe('4242 4242 4242 4242');
    expect(spacedCardNumber('')).toBe('');
    expect(spacedCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });
});

import { describe, expect, it } from 'vitest';
import { maskEmail } from './account-security';

describe('maskEmail (the new address as the notice to her old one names it)', () => {
  it('keeps the first character of the name and the whole domain', () => {
    expect(maskEmail('nova@example.com')).toBe('n•••@example.com');
    expect(maskEmail('a@b.co')).toBe('a•••@b.co');
  });

  it('never shows more of the name, however long, and keeps a character outside the BMP whole', () => {
    expect(maskEmail('renata.solis.longname@mail.example.org')).toBe('r•••@mail.example.org');
    expect(maskEmail('😀x@example.com')).toBe('😀•••@example.com');
  });
});

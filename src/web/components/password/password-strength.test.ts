import { describe, expect, it } from 'vitest';
import { sentences } from './password-strength';

describe('password advice', () => {
  it('ends every sentence, so a warning and a suggestion never run together', () => {
    expect(sentences(['Las palabras comunes son fáciles de adivinar', 'Añade más palabras.'])).toBe(
      'Las palabras comunes son fáciles de adivinar. Añade más palabras.',
    );
    expect(sentences(['This is a top-10 common password!', undefined, false])).toBe(
      'This is a top-10 common password!',
    );
    expect(sentences([null, ''])).toBe('');
  });
});

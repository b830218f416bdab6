import { describe, expect, it } from 'vitest';
import { keepWhole } from './keep-whole';

describe('keepWhole', () => {
  it('turns every space into a no-break space and keeps the rest', () => {
    expect(keepWhole('•••• 4567')).toBe('••••\u00a04567');
    expect(keepWhole('+1 503 555 0123')).toBe('+1\u00a0503\u00a0555\u00a00123');
    expect(keepWhole('4567')).toBe('4567');
  });
});

import { describe, expect, it } from 'vitest';
import { PROMPT_STARTERS, withStarter } from './prompt-starters';

describe('withStarter', () => {
  it('fills empty content with the starter, ready to type after', () => {
    expect(withStarter('', PROMPT_STARTERS[0])).toBe('I never expected… ');
  });
  it('adds a starter as a new paragraph without replacing her words', () => {
    expect(withStarter('We met at a café.  ', 'They made me feel…')).toBe('We met at a café.\n\nThey made me feel… ');
  });
});

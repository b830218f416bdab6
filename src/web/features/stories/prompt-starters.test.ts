import { describe, expect, it } from 'vitest';
import { withStarter } from './prompt-starters';

describe('withStarter', () => {
  it('fills empty content with the starter, ready to type after', () => {
    expect(withStarter('', 'I never expected…')).toBe('I never expected… ');
  });
  it('adds a starter as a new paragraph without replacing her words', () => {
    expect(withStarter('We met at a café.  ', 'They made me feel…')).toBe('We met at a café.\n\nThey made me feel… ');
  });
});

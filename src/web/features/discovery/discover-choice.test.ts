import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../../lib/test-storage';
import { FIRST_DISCOVER_CHOICE, readDiscoverChoice, saveDiscoverChoice } from './discover-choice';

describe('where Discover looks, kept per member on this device', () => {
  beforeEach(() => void stubStorage('localStorage'));
  afterEach(() => vi.unstubAllGlobals());

  it('opens where she left it, and another member on the same device keeps her own', () => {
    saveDiscoverChoice('a', { scope: 'all', deck: 'friends' });
    expect(readDiscoverChoice('a')).toEqual({ scope: 'all', deck: 'friends' });
    expect(readDiscoverChoice('b')).toEqual(FIRST_DISCOVER_CHOICE);
  });

  it('reads anything it did not write as the first choice, part by part', () => {
    window.localStorage.setItem('discover:a', '{not json');
    expect(readDiscoverChoice('a')).toEqual(FIRST_DISCOVER_CHOICE);
    window.localStorage.setItem('discover:a', JSON.stringify({ scope: 'moon', deck: 'friends' }));
    expect(readDiscoverChoice('a')).toEqual({ scope: 'nearby', deck: 'friends' });
    window.localStorage.setItem('discover:a', '42');
    expect(readDiscoverChoice('a')).toEqual(FIRST_DISCOVER_CHOICE);
  });
});

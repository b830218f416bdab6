import { describe, expect, it } from 'vitest';
import { DESCRIBED_BADGES } from '../../../contract/badges';
import { badgeMessageId } from './badges';
import { BADGE_NAME_MESSAGES } from './badges.messages';

// The names are looked up by id at run time: the ids the catalogues hold must be the ones asked for.
describe('badge names', () => {
  it('give every badge the id the app looks up, with its English name', () => {
    for (const badge of DESCRIBED_BADGES) {
      expect(BADGE_NAME_MESSAGES[badge.id]).toMatchObject({ id: badgeMessageId(badge.id), message: badge.name });
    }
  });
});

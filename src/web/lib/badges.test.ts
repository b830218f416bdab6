import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BADGES, describedBadge, type BadgeId, type UserBadge } from '../../contract/badges';
import { badgeNudge } from './badges';
import { BADGE_NAME_MESSAGES } from './labels/badges.messages';

// The labels render in the active locale: English, the source, with the badges' names its catalogues hold (the
// names are looked up by id).
beforeAll(() =>
  i18n.loadAndActivate({
    locale: 'en',
    messages: Object.fromEntries(Object.values(BADGE_NAME_MESSAGES).map((name) => [name.id, name.message as string])),
  }),
);

function inProgress(id: BadgeId, progress: number): UserBadge {
  const badge = describedBadge(id);
  return {
    id,
    badge,
    earnedAt: null,
    progress,
    maxProgress: badge.maxProgress,
  };
}

describe('badgeNudge', () => {
  it('counts what is left in the badge’s own words', () => {
    expect(badgeNudge(inProgress('social_butterfly', 8))).toBe('2 more matches to Social Butterfly');
    expect(badgeNudge(inProgress('social_butterfly', 9))).toBe('1 more match to Social Butterfly');
    expect(badgeNudge(inProgress('week_streak', 5))).toBe('2 more days in a row to Week Streak');
    expect(badgeNudge(inProgress('regular', 2))).toBe('1 more meetup to Regular');
    expect(badgeNudge(inProgress('profile_pro', 85))).toBe('15% more to Profile Pro');
  });

  it('has its own words for every badge a nudge can be about (a goal above one)', () => {
    for (const { id } of BADGES.filter((b) => b.maxProgress > 1)) {
      expect(badgeNudge(inProgress(id, 1)), id).not.toContain('step');
    }
  });
});

import { badgeCatalogue, checkAchievementsResponse, earnedBadges, earnedBadgesQuery, userBadgeList } from '../badges';
import { defineRoute } from './define';
import { anyIdParams, selfIdParams } from './params';

export const badgesApi = {
  catalogue: defineRoute({
    method: 'GET',
    path: '/api/badges',
    access: 'member',
    summary: 'Every badge there is, with its rule and the progress it needs',
    response: badgeCatalogue,
  }),
  ofUser: defineRoute({
    method: 'GET',
    path: '/api/users/:id/badges',
    access: 'member',
    summary: 'Her own badges with progress; for another member only the earned ones',
    params: anyIdParams,
    response: userBadgeList,
    limit: 'reads',
  }),
  earned: defineRoute({
    method: 'GET',
    path: '/api/badges/earned',
    access: 'member',
    summary: 'Earned badge ids of up to 40 members (discovery cards)',
    query: earnedBadgesQuery,
    response: earnedBadges,
    limit: 'reads',
  }),
  check: defineRoute({
    method: 'POST',
    path: '/api/users/:id/check-achievements',
    access: { self: 'params.id' },
    summary: 'Re-evaluate every badge from her activity; returns the newly earned ones',
    params: selfIdParams,
    response: checkAchievementsResponse,
  }),
};

import { badgeCatalogue, checkAchievementsResponse, earnedBadges, earnedBadgesQuery, userBadgeList } from '../badges';
import { defineRoute } from './define';
import { anyIdParams, selfIdParams } from './params';

export const badgesApi = {
  catalogue: defineRoute({
    method: 'GET',
    path: '/api/badges',
    summary: 'Every badge there is, with its rule and the progress it needs',
    response: badgeCatalogue,
  }),
  ofUser: defineRoute({
    method: 'GET',
    path: '/api/users/:id/badges',
    summary: 'Her own badges with progress; for another member only the earned ones',
    params: anyIdParams,
    response: userBadgeList,
  }),
  earned: defineRoute({
    method: 'GET',
    path: '/api/badges/earned',
    summary: 'Earned badge ids of up to 40 members (discovery cards)',
    query: earnedBadgesQuery,
    response: earnedBadges,
  }),
  check: defineRoute({
    method: 'POST',
    path: '/api/users/:id/check-achievements',
    summary: 'Re-evaluate every badge from her activity; returns the newly earned ones',
    params: selfIdParams,
    idIsUser: true,
    response: checkAchievementsResponse,
  }),
};

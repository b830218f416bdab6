import type { FastifyPluginAsync } from 'fastify';
import { badgesApi } from '../../../contract/api/badges';
import { DESCRIBED_BADGES } from '../../../contract/badges';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import { badgesOf, earnedBadgesOf, evaluateBadges, type BadgeDeps } from './service';

export const badgeRoutes: FastifyPluginAsync<BadgeDeps> = async (app, deps) => {
  const { db } = deps;
  route(app, badgesApi.catalogue, async () => ({ badges: DESCRIBED_BADGES.map((b) => ({ ...b })) }));
  route(app, badgesApi.ofUser, async (request) => ({
    badges: await badgesOf(deps, sessionUserId(request), request.params.id),
  }));
  route(app, badgesApi.earned, async (request) => earnedBadgesOf(db, sessionUserId(request), request.query.userIds));
  route(app, badgesApi.check, async (request) => ({
    newlyEarned: await evaluateBadges(deps, sessionUserId(request)),
  }));
};

import type { FastifyPluginAsync } from 'fastify';
import { badgesApi } from '../../../contract/api/badges';
import { BADGES } from '../../../contract/badges';
import { sessionUserId } from '../../core';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { route } from '../../http/route';
import type { BadgeSources } from './rules';
import { badgesOf, earnedBadgesOf, evaluateBadges } from './service';

export const badgeRoutes: FastifyPluginAsync<{ db: Db; events: DomainEvents; sources: BadgeSources }> = async (
  app,
  { db, events, sources },
) => {
  route(app, badgesApi.catalogue, async () => ({ badges: BADGES.map((b) => ({ ...b })) }));
  route(app, badgesApi.ofUser, async (request) => ({
    badges: await badgesOf(db, sources, sessionUserId(request), request.params.id),
  }));
  route(app, badgesApi.earned, async (request) => earnedBadgesOf(db, sessionUserId(request), request.query.userIds));
  route(app, badgesApi.check, async (request) => ({
    newlyEarned: await evaluateBadges(db, events, sources, sessionUserId(request)),
  }));
};

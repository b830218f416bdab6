import type { FastifyPluginAsync } from 'fastify';
import { teasApi } from '../../../contract/api/teas';
import { TEA_VARIETIES } from '../../../contract/teas';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import { premiumOnly, quietRequestLogs } from '../../http/scoped-guards';
import { localText } from '../../i18n';
import { listReviews, saveReview, toggleReviewLike } from './reviews';

interface TeasDeps {
  db: Db;
  events: DomainEvents;
}

/** The tea catalogue and its reviews, under Tea's URLs (/api/tea/varieties, /api/tea/reviews). */
export const teasRoutes: FastifyPluginAsync<TeasDeps> = async (app, { db, events }) => {
  // Tea's rules hold for its tea tab as for its stories: quiet request lines, Premium only (product §6).
  quietRequestLogs(app);
  premiumOnly(app, db, localText('teaIsForPremium'));

  route(app, teasApi.varieties, async () => [...TEA_VARIETIES]);
  route(app, teasApi.listReviews, async (request) => listReviews(db, sessionUserId(request), request.query.teaId));
  route(app, teasApi.saveReview, async (request) => {
    const userId = sessionUserId(request);
    const review = await saveReview(db, userId, request.body);
    events.emit('tea.review_posted', { userId });
    return review;
  });
  route(app, teasApi.toggleReviewLike, async (request) =>
    toggleReviewLike(db, sessionUserId(request), request.params.id),
  );
};

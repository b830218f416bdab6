import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { teaApi, teaModerationApi } from '../../../contract/api/tea';
import { TEA_VARIETIES } from '../../../contract/tea';
import type { Db } from '../../db/client';
import { isPremium, sessionUserId } from '../../core';
import { premiumRequired } from '../../http/errors';
import { route } from '../../http/route';
import { deleteStoryAsModerator, hideStory, listReportedStories, restoreStory } from './moderation';
import { listReviews, saveReview, toggleReviewLike } from './reviews';
import { createReply, deleteOwnReply, listReplies, reportReply } from './replies';
import { deleteReplyAsModerator, hideReply, listReportedReplies, restoreReply } from './reply-moderation';
import { teaAuthorship } from './activity';
import {
  createStory,
  deleteOwnStory,
  listStories,
  reportStory,
  supportedStoryIds,
  teaStats,
  toggleSupport,
  type TeaDeps,
} from './stories';
import { localText } from '../../i18n';

/**
 * Tea requests are not logged at info: a request line (address, time, DELETE /stories/:id) is
 * enough to tie a story to the person who wrote or deleted it. Warnings and errors still are.
 */
function quietRequestLogs(app: FastifyInstance): void {
  app.addHook('onRoute', (options) => {
    options.logLevel = 'warn';
  });
}

export const teaRoutes: FastifyPluginAsync<TeaDeps> = async (app, deps) => {
  quietRequestLogs(app);
  // Every Tea route is Premium (product §6), checked before anything else is read from the request.
  app.addHook('onRequest', async (request) => {
    if (!(await isPremium(deps.db, sessionUserId(request)))) {
      throw premiumRequired(localText('teaIsForPremium'));
    }
  });
  const { db, events } = deps;
  const authorship = teaAuthorship(deps.authorKey);

  route(app, teaApi.listStories, async (request) => listStories(deps, sessionUserId(request), request.query));
  route(app, teaApi.createStory, async (request) => {
    const userId = sessionUserId(request);
    const story = await createStory(deps, userId, request.body);
    events.emit('tea.story_posted', { userId });
    return story;
  });
  route(app, teaApi.deleteStory, async (request) => {
    await deleteOwnStory(deps, sessionUserId(request), request.params.id);
    return { ok: true as const };
  });
  route(app, teaApi.toggleSupport, async (request) => {
    const userId = sessionUserId(request);
    const result = await toggleSupport(deps, userId, request.params.id);
    if (result.supported) events.emit('tea.story_supported', { userId });
    return result;
  });
  route(app, teaApi.reportStory, async (request) => {
    await reportStory(db, sessionUserId(request), request.params.id, request.body);
    return { ok: true as const };
  });
  route(app, teaApi.storyLikes, async (request) => ({ storyIds: await supportedStoryIds(db, sessionUserId(request)) }));
  route(app, teaApi.stats, async (request) => {
    const [community, hers] = await Promise.all([teaStats(db), authorship.activityOf(db, sessionUserId(request))]);
    return { ...community, mine: { storiesShared: hers.storiesPosted, repliesWritten: hers.repliesWritten } };
  });
  route(app, teaApi.listReplies, async (request) =>
    listReplies(deps, sessionUserId(request), request.params.id, request.query),
  );
  route(app, teaApi.createReply, async (request) =>
    createReply(deps, sessionUserId(request), request.params.id, request.body),
  );
  route(app, teaApi.deleteReply, async (request) => {
    await deleteOwnReply(deps, sessionUserId(request), request.params.id);
    return { ok: true as const };
  });
  route(app, teaApi.reportReply, async (request) => {
    await reportReply(db, sessionUserId(request), request.params.id, request.body);
    return { ok: true as const };
  });
  route(app, teaApi.varieties, async () => [...TEA_VARIETIES]);
  route(app, teaApi.listReviews, async (request) => listReviews(db, sessionUserId(request), request.query.teaId));
  route(app, teaApi.saveReview, async (request) => {
    const userId = sessionUserId(request);
    const review = await saveReview(db, userId, request.body);
    events.emit('tea.review_posted', { userId });
    return review;
  });
  route(app, teaApi.toggleReviewLike, async (request) =>
    toggleReviewLike(db, sessionUserId(request), request.params.id),
  );
};

/** The moderation console's Tea queue (/api/moderation/tea/*): moderators only. */
export const teaModerationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  quietRequestLogs(app);
  // Moderators only: the shared guard (http/guards.ts) checks every /api/moderation/* route.

  route(app, teaModerationApi.listStories, async () => listReportedStories(db));
  route(app, teaModerationApi.hideStory, async (request) => hideStory(db, request.params.id));
  route(app, teaModerationApi.restoreStory, async (request) => restoreStory(db, request.params.id));
  route(app, teaModerationApi.deleteStory, async (request) => {
    await deleteStoryAsModerator(db, request.params.id);
    return { ok: true as const };
  });
  route(app, teaModerationApi.listReplies, async () => listReportedReplies(db));
  route(app, teaModerationApi.hideReply, async (request) => hideReply(db, request.params.id));
  route(app, teaModerationApi.restoreReply, async (request) => restoreReply(db, request.params.id));
  route(app, teaModerationApi.deleteReply, async (request) => {
    await deleteReplyAsModerator(db, request.params.id);
    return { ok: true as const };
  });
};

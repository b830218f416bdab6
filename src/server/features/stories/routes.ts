import type { FastifyPluginAsync } from 'fastify';
import { storiesApi, storiesModerationApi } from '../../../contract/api/stories';
import type { Db } from '../../db/client';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import { premiumOnly, quietRequestLogs } from '../../http/scoped-guards';
import { deleteStoryAsModerator, hideStory, listReportedStories, restoreStory } from './moderation';
import { createReply, deleteOwnReply, listReplies, reportReply } from './replies';
import { deleteReplyAsModerator, hideReply, listReportedReplies, restoreReply } from './reply-moderation';
import { storyAuthorship } from './activity';
import { supportedStoryIds } from './repository';
import {
  createStory,
  deleteOwnStory,
  listStories,
  reportStory,
  teaStats,
  toggleSupport,
  type StoriesDeps,
} from './stories';
import { localText } from '../../i18n';

export const storiesRoutes: FastifyPluginAsync<StoriesDeps> = async (app, deps) => {
  quietRequestLogs(app);
  // Every Tea route is Premium (product §6).
  premiumOnly(app, deps.db, localText('teaIsForPremium'));
  const { db, events } = deps;
  const authorship = storyAuthorship(deps.authorKey);

  route(app, storiesApi.listStories, async (request) => listStories(deps, sessionUserId(request), request.query));
  route(app, storiesApi.createStory, async (request) => {
    const userId = sessionUserId(request);
    const story = await createStory(deps, userId, request.body);
    events.emit('story.posted', { userId });
    return story;
  });
  route(app, storiesApi.deleteStory, async (request) => {
    await deleteOwnStory(deps, sessionUserId(request), request.params.id);
    return { ok: true as const };
  });
  route(app, storiesApi.toggleSupport, async (request) => {
    const userId = sessionUserId(request);
    const result = await toggleSupport(deps, userId, request.params.id);
    if (result.supported) events.emit('story.supported', { userId });
    return result;
  });
  route(app, storiesApi.reportStory, async (request) => {
    await reportStory(db, sessionUserId(request), request.params.id, request.body);
    return { ok: true as const };
  });
  route(app, storiesApi.storyLikes, async (request) => ({
    storyIds: await supportedStoryIds(db, sessionUserId(request)),
  }));
  route(app, storiesApi.stats, async (request) => {
    const userId = sessionUserId(request);
    const [community, hers] = await Promise.all([teaStats(db, userId), authorship.activityOf(db, userId)]);
    return { ...community, mine: { storiesShared: hers.storiesPosted, repliesWritten: hers.repliesWritten } };
  });
  route(app, storiesApi.listReplies, async (request) =>
    listReplies(deps, sessionUserId(request), request.params.id, request.query),
  );
  route(app, storiesApi.createReply, async (request) =>
    createReply(deps, sessionUserId(request), request.params.id, request.body),
  );
  route(app, storiesApi.deleteReply, async (request) => {
    await deleteOwnReply(deps, sessionUserId(request), request.params.id);
    return { ok: true as const };
  });
  route(app, storiesApi.reportReply, async (request) => {
    await reportReply(db, sessionUserId(request), request.params.id, request.body);
    return { ok: true as const };
  });
};

/** The moderation console's Tea queue (/api/moderation/tea/*): moderators only. */
export const storiesModerationRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  quietRequestLogs(app);
  // Moderators only: the shared guard (http/guards.ts) checks every /api/moderation/* route.

  route(app, storiesModerationApi.listStories, async () => listReportedStories(db));
  route(app, storiesModerationApi.hideStory, async (request) => hideStory(db, request.params.id));
  route(app, storiesModerationApi.restoreStory, async (request) => restoreStory(db, request.params.id));
  route(app, storiesModerationApi.deleteStory, async (request) => {
    await deleteStoryAsModerator(db, request.params.id);
    return { ok: true as const };
  });
  route(app, storiesModerationApi.listReplies, async () => listReportedReplies(db));
  route(app, storiesModerationApi.hideReply, async (request) => hideReply(db, request.params.id));
  route(app, storiesModerationApi.restoreReply, async (request) => restoreReply(db, request.params.id));
  route(app, storiesModerationApi.deleteReply, async (request) => {
    await deleteReplyAsModerator(db, request.params.id);
    return { ok: true as const };
  });
};

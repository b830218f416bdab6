import type { FastifyPluginAsync } from 'fastify';
import { chatApi } from '../../../contract/api/chat';
import { sessionUserId } from '../../core';
import { route } from '../../http/route';
import { generateForMatch, storedIcebreakers, useIcebreaker } from './icebreakers';
import { listMessages, markMessageRead, sendMessage, type ChatDeps } from './messages';
import { addReaction, listReactions, removeReaction } from './reactions';

/** Messages, reactions and conversation starters (product §7 "Messages"). Every route is members-only. */
export const chatRoutes: FastifyPluginAsync<ChatDeps> = async (app, deps) => {
  const { db } = deps;

  route(app, chatApi.listMessages, async (request) =>
    listMessages(db, sessionUserId(request), request.params.matchId, request.query),
  );

  route(app, chatApi.sendMessage, async (request, reply) => {
    const { matchId, content, messageType, icebreakerId, mediaId, clientMessageId } = request.body;
    const result = await sendMessage(deps, sessionUserId(request), {
      matchId,
      content,
      messageType,
      icebreakerId,
      mediaId,
      clientMessageId,
    });
    // A retry of a stored message answers 200 with the original: nothing new was created.
    if (!result.created) void reply.status(200);
    return result.message;
  });

  route(app, chatApi.markRead, async (request) => markMessageRead(deps, sessionUserId(request), request.params.id));

  route(app, chatApi.listReactions, async (request) => listReactions(db, sessionUserId(request), request.params.id));

  route(app, chatApi.addReaction, async (request, reply) => {
    const { reactions, added } = await addReaction(deps, sessionUserId(request), request.params.id, request.body.emoji);
    if (added) void reply.status(201);
    return reactions;
  });

  route(app, chatApi.removeReaction, async (request) =>
    removeReaction(deps, sessionUserId(request), request.params.id, request.body.emoji),
  );

  // Starters are written in her language (her saved setting, as every signed-in request is answered).
  route(app, chatApi.icebreakers, async (request) =>
    generateForMatch(
      deps,
      sessionUserId(request),
      request.params.matchId,
      await request.language(),
      request.query.seed,
    ),
  );

  route(app, chatApi.storedIcebreakers, async (request) =>
    storedIcebreakers(deps, sessionUserId(request), request.params.matchId, await request.language()),
  );

  route(app, chatApi.useIcebreaker, async (request) => useIcebreaker(deps, sessionUserId(request), request.params.id));
};

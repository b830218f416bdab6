import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createMessageBody,
  icebreakerList,
  icebreakerQuery,
  idParams,
  matchIdParams,
  message,
  messageIdParams,
  messageListQuery,
  messagePage,
  messageReactions,
  reactionBody,
  readReceipt,
} from '../../../contract/chat';
import { sessionUserId } from '../../http/guards';
import { generateForMatch, useIcebreaker } from './icebreakers';
import { listMessages, markMessageRead, sendMessage, type ChatDeps } from './messages';
import { addReaction, listReactions, removeReaction } from './reactions';

/** Messages, reactions and conversation starters (spec 7 "Messages"). Every route is members-only. */
export const chatRoutes: FastifyPluginAsyncZod<ChatDeps> = async (app, deps) => {
  const { db } = deps;

  app.get(
    '/api/messages/:matchId',
    { schema: { params: matchIdParams, querystring: messageListQuery, response: { 200: messagePage } } },
    async (request) => listMessages(db, sessionUserId(request), request.params.matchId, request.query),
  );

  app.post(
    '/api/messages',
    { schema: { body: createMessageBody, response: { 200: message, 201: message } } },
    async (request, reply) => {
      const { matchId, content, messageType, icebreakerId, clientMessageId } = request.body;
      const result = await sendMessage(deps, sessionUserId(request), {
        matchId,
        content,
        messageType,
        icebreakerId,
        clientMessageId,
      });
      // A retry of a stored message answers 200 with the original: nothing new was created.
      return reply.status(result.created ? 201 : 200).send(result.message);
    },
  );

  app.put('/api/messages/:id/read', { schema: { params: idParams, response: { 200: readReceipt } } }, async (request) =>
    markMessageRead(deps, sessionUserId(request), request.params.id),
  );

  app.get(
    '/api/messages/:messageId/reactions',
    { schema: { params: messageIdParams, response: { 200: messageReactions } } },
    async (request) => listReactions(db, sessionUserId(request), request.params.messageId),
  );

  app.post(
    '/api/messages/:messageId/reactions',
    {
      schema: {
        params: messageIdParams,
        body: reactionBody,
        response: { 200: messageReactions, 201: messageReactions },
      },
    },
    async (request, reply) => {
      const { reactions, added } = await addReaction(
        db,
        sessionUserId(request),
        request.params.messageId,
        request.body.emoji,
      );
      return reply.status(added ? 201 : 200).send(reactions);
    },
  );

  app.delete(
    '/api/messages/:messageId/reactions',
    { schema: { params: messageIdParams, body: reactionBody, response: { 200: messageReactions } } },
    async (request) => removeReaction(db, sessionUserId(request), request.params.messageId, request.body.emoji),
  );

  app.get(
    '/api/icebreakers/generate/:matchId',
    { schema: { params: matchIdParams, querystring: icebreakerQuery, response: { 200: icebreakerList } } },
    async (request) => generateForMatch(deps, sessionUserId(request), request.params.matchId, request.query.seed),
  );

  app.post(
    '/api/icebreakers/:id/use',
    { schema: { params: idParams, response: { 201: message } } },
    async (request, reply) =>
      reply.status(201).send(await useIcebreaker(deps, sessionUserId(request), request.params.id)),
  );
};

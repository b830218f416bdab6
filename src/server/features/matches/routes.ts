import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLikeBody, likeResponse, matchList, undoLikeResponse } from '../../../contract/matches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { sessionUserId } from '../../http/guards';
import { listMatches, type MatchSummaries, type OnlineAmong } from './service';
import { createSwipe, undoSwipe } from './swipes';

export interface MatchRouteDeps {
  db: Db;
  events: DomainEvents;
  /** Chat's last-message preview and unread count for the match list, when chat provides them. */
  summaries?: MatchSummaries;
  /** Live presence from the real-time layer, for the online dots. */
  onlineAmong?: OnlineAmong;
}

const userParams = z.object({ userId: z.uuid('Invalid user id') });
const swipeParams = z.object({ id: z.uuid('Invalid swipe id') });

export const matchRoutes: FastifyPluginAsyncZod<MatchRouteDeps> = async (app, { db, events, summaries, onlineAmong }) => {
  app.post('/api/likes', { schema: { body: createLikeBody, response: { 201: likeResponse } } }, async (request, reply) => {
    const { targetUserId, isLike, superLike } = request.body;
    return reply.status(201).send(await createSwipe(db, events, sessionUserId(request), { targetUserId, isLike, superLike }));
  });

  app.delete('/api/likes/:id', { schema: { params: swipeParams, response: { 200: undoLikeResponse } } }, async (request) =>
    undoSwipe(db, events, sessionUserId(request), request.params.id),
  );

  app.get('/api/matches', { schema: { response: { 200: matchList } } }, async (request) =>
    listMatches(db, sessionUserId(request), { summaries, onlineAmong }),
  );

  app.get('/api/matches/:userId', { schema: { params: userParams, response: { 200: matchList } } }, async (request) =>
    listMatches(db, sessionUserId(request), { summaries, onlineAmong }),
  );
};

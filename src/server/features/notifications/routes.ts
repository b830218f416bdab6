import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { likesReceived, notificationCount, potentialMatchList } from '../../../contract/notifications';
import type { Db } from '../../db/client';
import { sessionUserId } from '../../http/guards';
import { getLikesReceived, getNotificationCount, listPotentialMatches } from './service';

export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/api/notifications/likes-received', { schema: { response: { 200: likesReceived } } }, async (request) =>
    getLikesReceived(db, sessionUserId(request)),
  );

  app.get('/api/notifications/potential-matches', { schema: { response: { 200: potentialMatchList } } }, async (request) =>
    listPotentialMatches(db, sessionUserId(request)),
  );

  app.get('/api/notifications/count', { schema: { response: { 200: notificationCount } } }, async (request) =>
    getNotificationCount(db, sessionUserId(request)),
  );
};

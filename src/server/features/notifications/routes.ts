import type { FastifyPluginAsync } from 'fastify';
import { noticesApi, notificationsApi } from '../../../contract/api/notifications';
import { sessionUserId } from '../../core';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { route } from '../../http/route';
import { listenForNotices, listNotices, markNoticesRead } from './notices';
import { getLikesReceived, getNotificationCount, listPotentialMatches } from './service';

export const notificationRoutes: FastifyPluginAsync<{ db: Db; events: DomainEvents }> = async (app, { db, events }) => {
  const stop = listenForNotices(db, events, (error) => app.log.error({ err: error }, 'storing a notice failed'));
  app.addHook('onClose', async () => stop());
  route(app, noticesApi.list, async (request) => listNotices(db, sessionUserId(request)));
  route(app, noticesApi.markRead, async (request) => markNoticesRead(db, sessionUserId(request)));
  route(app, notificationsApi.likesReceived, async (request) => getLikesReceived(db, sessionUserId(request)));
  route(app, notificationsApi.potentialMatches, async (request) => listPotentialMatches(db, sessionUserId(request)));
  route(app, notificationsApi.count, async (request) => getNotificationCount(db, sessionUserId(request)));
};

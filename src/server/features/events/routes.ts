import type { FastifyPluginAsync } from 'fastify';
import { eventsApi } from '../../../contract/api/events';
import { sessionUserId } from '../../core';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { route } from '../../http/route';
import { say } from '../../i18n';
import { reportMeetup } from './report';
import { cancelEvent, createEvent, getEvent, joinEvent, leaveEvent, listAttendees, listEvents } from './service';

export const eventRoutes: FastifyPluginAsync<{ db: Db; caches: DbCaches; events: DomainEvents }> = async (
  app,
  { db, caches, events },
) => {
  route(app, eventsApi.list, async (request) => listEvents(db, sessionUserId(request), request.query));
  route(app, eventsApi.get, async (request) => getEvent(db, caches, sessionUserId(request), request.params.id));
  route(app, eventsApi.create, async (request) => createEvent(db, events, sessionUserId(request), request.body));
  route(app, eventsApi.join, async (request) =>
    joinEvent(db, caches, events, sessionUserId(request), request.params.id),
  );
  route(app, eventsApi.leave, async (request) => leaveEvent(db, caches, sessionUserId(request), request.params.id));
  route(app, eventsApi.cancel, async (request) => {
    await cancelEvent(db, caches, events, sessionUserId(request), request.params.id);
    return { ok: true as const, message: say(await request.language(), 'youCancelledTheMeetup') };
  });
  route(app, eventsApi.report, async (request) => {
    await reportMeetup(db, sessionUserId(request), request.params.id, request.body);
    return { ok: true as const, message: say(await request.language(), 'reportReceived') };
  });
  route(app, eventsApi.attendees, async (request) =>
    listAttendees(db, caches, sessionUserId(request), request.params.id),
  );
};

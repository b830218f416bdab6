import type { FastifyPluginAsync } from 'fastify';
import { eventsApi } from '../../../contract/api/events';
import { sessionUserId } from '../../core';
import type { Db } from '../../db/client';
import type { DomainEvents } from '../../domain-events';
import { route } from '../../http/route';
import { REPORT_RECEIVED_MESSAGE } from '../../../contract/safety';
import { reportMeetup } from './report';
import { cancelEvent, createEvent, getEvent, joinEvent, leaveEvent, listAttendees, listEvents } from './service';

export const eventRoutes: FastifyPluginAsync<{ db: Db; events: DomainEvents }> = async (app, { db, events }) => {
  route(app, eventsApi.list, async (request) => listEvents(db, sessionUserId(request), request.query));
  route(app, eventsApi.get, async (request) => getEvent(db, sessionUserId(request), request.params.id));
  route(app, eventsApi.create, async (request) => createEvent(db, events, sessionUserId(request), request.body));
  route(app, eventsApi.join, async (request) => joinEvent(db, events, sessionUserId(request), request.params.id));
  route(app, eventsApi.leave, async (request) => leaveEvent(db, sessionUserId(request), request.params.id));
  route(app, eventsApi.cancel, async (request) => cancelEvent(db, events, sessionUserId(request), request.params.id));
  route(app, eventsApi.report, async (request) => {
    await reportMeetup(db, sessionUserId(request), request.params.id, request.body);
    return { ok: true as const, message: REPORT_RECEIVED_MESSAGE };
  });
  route(app, eventsApi.attendees, async (request) => listAttendees(db, sessionUserId(request), request.params.id));
};

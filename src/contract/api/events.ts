import { okBody } from '../http';
import {
  attendeeList,
  createEventBody,
  eventCard,
  eventPage,
  eventQuery,
  eventReportBody,
  joinEventBody,
} from '../events';
import { defineRoute } from './define';
import { anyIdParams } from './params';

export const eventsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/events',
    access: 'member',
    summary: 'Upcoming tea meetups, nearest scope first then soonest, keyset-paginated',
    query: eventQuery,
    response: eventPage,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/events/:id',
    access: 'member',
    summary: 'One upcoming meetup (the venue only for its host and attendees)',
    params: anyIdParams,
    response: eventCard,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/events',
    access: { self: 'body.creatorId' },
    summary: 'Host a tea meetup; the host counts as attending',
    body: createEventBody,
    status: 201,
    response: eventCard,
  }),
  join: defineRoute({
    method: 'POST',
    path: '/api/events/:id/join',
    access: { self: 'body.userId' },
    summary: 'Join a meetup while it has room',
    params: anyIdParams,
    body: joinEventBody,
    response: eventCard,
  }),
  leave: defineRoute({
    method: 'POST',
    path: '/api/events/:id/leave',
    access: 'member',
    summary: 'Leave a meetup, freeing the spot',
    params: anyIdParams,
    response: eventCard,
  }),
  cancel: defineRoute({
    method: 'DELETE',
    path: '/api/events/:id',
    access: 'member',
    summary: 'Cancel a meetup (host only); attendees are told',
    params: anyIdParams,
    response: okBody,
  }),
  attendees: defineRoute({
    method: 'GET',
    path: '/api/events/:id/attendees',
    access: 'member',
    summary: 'The guest list, for the host and attendees only',
    params: anyIdParams,
    response: attendeeList,
  }),
  report: defineRoute({
    method: 'POST',
    path: '/api/events/:id/report',
    access: 'member',
    summary: 'Report a meetup: a safety report against its host that names the event (the host never learns who)',
    params: anyIdParams,
    body: eventReportBody,
    status: 202,
    response: okBody,
    limit: 'reports',
  }),
};

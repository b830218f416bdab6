import {
  discoveryFilters,
  discoveryPage,
  discoveryQuery,
  ghostModeBody,
  ghostModeResponse,
  peopleMet,
  updateFiltersBody,
} from '../discovery';
import { defineRoute } from './define';
import { selfIdParams, userIdParams } from './params';

export const discoveryApi = {
  peopleMet: defineRoute({
    method: 'GET',
    path: '/api/discovery/people-met',
    access: 'member',
    summary:
      'People she chatted with, matched, or swiped on in the last 14 days (first name, photo, id), for the Safety Center pickers',
    response: peopleMet,
  }),
  feed: defineRoute({
    method: 'GET',
    path: '/api/users/discovery/:userId',
    access: { self: 'params.userId' },
    summary: 'A page of discovery cards for the session user, ranked and mutually filtered',
    params: userIdParams,
    query: discoveryQuery,
    response: discoveryPage,
  }),
  getFilters: defineRoute({
    method: 'GET',
    path: '/api/users/:userId/filters',
    access: { self: 'params.userId' },
    summary: "The session user's discovery filters",
    params: userIdParams,
    response: discoveryFilters,
  }),
  saveFilters: defineRoute({
    method: 'PUT',
    path: '/api/users/:userId/filters',
    access: { self: 'params.userId' },
    summary: "Replace the session user's discovery filters",
    params: userIdParams,
    body: updateFiltersBody,
    response: discoveryFilters,
    limit: 'profile',
  }),
  setGhostMode: defineRoute({
    method: 'POST',
    path: '/api/users/:id/ghost-mode',
    access: { self: 'params.id' },
    summary: 'Turn ghost mode on (Premium) or off',
    params: selfIdParams,
    body: ghostModeBody,
    response: ghostModeResponse,
    limit: 'profile',
  }),
};
